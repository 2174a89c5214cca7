import EmitterKit
import Foundation
import Testing

/// The PNG decoder against mutated images: valid, truncated, bad CRCs, huge declared sizes. Every
/// input ends in an image within `CGImage`'s limits or an `ImageError` naming the source; never a
/// crash, a hang or a huge allocation. `EMITTER_FUZZ_ITERATIONS` runs longer.
@Suite struct PNGFuzzTests {
    static let seed = FuzzHarness.seed(default: 0x9_0F22)

    static var corpus: [[UInt8]] { corpusFiles(corpusRoot + "/png", ext: "png").map(\.bytes) }

    static func decode(_ bytes: [UInt8]) -> FuzzHarness.Outcome {
        do {
            let image = try PNGCodec.decode(Data(bytes), source: "fuzz.png")
            guard image.width >= 1, image.height >= 1, image.width * image.height <= CGImage.maximumPixelCount else {
                return .malformed("decoded an image of \(image.width)×\(image.height) pixels")
            }
            return .accepted
        } catch let error as ImageError {
            let text = error.description
            return text.hasPrefix("fuzz.png: ")
                ? .rejected : .malformed("an ImageError that does not name the source: \(text)")
        } catch {
            return .malformed("\(type(of: error)) instead of an ImageError: \(error)")
        }
    }

    @Test func mutatedPNGsDecodeOrFailWithImageErrorsNeverCrashOrHang() {
        let count = FuzzHarness.iterations(default: 800)
        let mutator = FuzzMutator(seed: Self.seed, corpus: Self.corpus, format: .png)
        let report = FuzzHarness(target: "png", seed: Self.seed).run(count, mutator: mutator, body: Self.decode)
        report.expectNoFindings("png", seed: Self.seed)
    }
}
