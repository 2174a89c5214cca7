import EmitterKit
import EmitterTestSupport
import Foundation
import Testing

/// The committed PNGs in assets/ are exactly what `emitter-assets` draws now, so they cannot drift from
/// their generator.
@Suite struct AssetGenerationTests {
    /// The `emitter-assets` executable built next to the test bundle.
    static let generator = TestSupport.executable(named: "emitter-assets")

    @Test func committedAssetsEqualAFreshGeneration() throws {
        let folder = try TestSupport.temporaryFolder("assets")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Not made here: the generator makes its output folder itself.
        let out = folder + "/assets"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.generator)
        process.arguments = ["--out", out]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(
            process.terminationStatus == 0, "\(Self.generator) --out \(out) exited with \(process.terminationStatus)")

        let fresh = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".png") }.sorted()
        let committed = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/assets").filter {
            $0.hasSuffix(".png")
        }.sorted()
        #expect(
            fresh == committed,
            "assets/ holds \(committed), the generator writes \(fresh); run `swift run emitter-assets`")
        #expect(fresh.count >= 12)
        for name in fresh {
            let a = try PNGCodec.load(path: out + "/" + name)
            let b = try PNGCodec.load(path: packageRoot + "/assets/" + name)
            #expect(
                a.width == b.width && a.height == b.height && a.pixels == b.pixels,
                "assets/\(name) differs from a fresh generation; run `swift run emitter-assets` and commit")
        }
    }

    @Test func committedSoundsEqualAFreshSynthesis() throws {
        let folder = try TestSupport.temporaryFolder("assets")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.generator)
        process.arguments = ["--out", folder + "/assets"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let committedFolder = packageRoot + "/Sources/Games/Scroller/Core/Sounds"
        let fresh = try FileManager.default.contentsOfDirectory(atPath: folder + "/assets/sounds").sorted()
        let committed = try FileManager.default.contentsOfDirectory(atPath: committedFolder).sorted()
        #expect(fresh == committed && fresh.count == 4, "fresh \(fresh), committed \(committed)")
        for name in fresh {
            let a = FileManager.default.contents(atPath: folder + "/assets/sounds/" + name)
            let b = FileManager.default.contents(atPath: committedFolder + "/" + name)
            #expect(
                a != nil && a == b,
                "Sources/Games/Scroller/Core/Sounds/\(name) differs from a fresh synthesis; run `swift run emitter-assets` and commit"
            )
            let sound = try Sound(contentsOfFile: committedFolder + "/" + name)
            let peak = sound.samples.map(abs).max() ?? 0
            #expect(peak > 0.3 && peak < 0.99, "\(name): peak \(peak) (audible, never clipped)")
        }
    }

    @Test func everyAssetIsEightBitRGBAWithSomeCoverage() throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/assets").filter({
            $0.hasSuffix(".png")
        }) {
            let data = try #require(FileManager.default.contents(atPath: packageRoot + "/assets/" + name))
            // IHDR: bit depth at byte 24, colour type at byte 25 (6 = RGBA).
            #expect(data.count > 26 && data[24] == 8 && data[25] == 6, "assets/\(name) is not 8-bit RGBA")
            let image = try PNGCodec.load(path: packageRoot + "/assets/" + name)
            let opaque = stride(from: 3, to: image.pixels.count, by: 4).filter { image.pixels[$0] > 0 }.count
            #expect(
                opaque > image.width * image.height / 20, "assets/\(name): only \(opaque) pixels are not transparent")
        }
    }
}
