import EmitterKit
import Foundation
import Testing

/// Every scene format registered in `SceneSource` (JSON today; the Particle Designer `.plist` reader
/// once its module registers itself), fuzzed through files on disk: each input ends in a scene that
/// runs or in an error that names the file. The corpus of a format is `Corpus/<extension>/`.
@Suite struct SceneSourceFuzzTests {
    static let seed = FuzzHarness.seed(default: 0x5_0C_E5)

    /// The registered extensions with a corpus, JSON first.
    static var formats: [String] {
        SceneSource.readers.keys.sorted { a, b in a == "json" ? b != "json" : (b == "json" ? false : a < b) }
    }

    /// The corpus for `ext`: the committed files (and for JSON the shipped scenes).
    static func corpus(_ ext: String) -> [[UInt8]] {
        (ext == "json" ? shippedScenes().map(\.bytes) : []) + corpusFiles(corpusRoot + "/" + ext, ext: ext).map(\.bytes)
    }

    /// Writes `bytes` to `path` and loads it through `SceneSource`.
    static func load(_ bytes: [UInt8], path: String) -> FuzzHarness.Outcome {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            return .malformed("the input could not be written to \(path)")
        }
        do {
            return SceneFuzzTests.run(try SceneSource.load(path: path))
        } catch {
            let text = "\(error)"
            guard text.contains(path) else {
                return .malformed("\(type(of: error)) does not name the file: \(text.prefix(300))")
            }
            return .rejected
        }
    }

    @Test func everyRegisteredSceneFormatLoadsOrNamesTheFileNeverCrashes() throws {
        let folder = try temporaryFolder("source-fuzz")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Images the JSON corpus refers to (../png/…) resolve from the temporary folder's sibling.
        try? FileManager.default.createSymbolicLink(atPath: folder + "/png", withDestinationPath: corpusRoot + "/png")
        var fuzzed: [String] = []
        for ext in Self.formats {
            let corpus = Self.corpus(ext)
            guard !corpus.isEmpty else {
                print("scene-source fuzz: .\(ext) is registered but Corpus/\(ext)/ is empty; add files to fuzz it")
                continue
            }
            let path = folder + "/json/fuzz." + ext
            try FileManager.default.createDirectory(atPath: folder + "/json", withIntermediateDirectories: true)
            let count = FuzzHarness.iterations(default: ext == "json" ? 60 : 150)
            let mutator = FuzzMutator(seed: Self.seed, corpus: corpus, format: ext == "json" ? .json : .bytes)
            let report = FuzzHarness(target: "scene-source-\(ext)", seed: Self.seed).run(count, mutator: mutator) {
                Self.load($0, path: path)
            }
            report.expectNoFindings("scene-source .\(ext)", seed: Self.seed, requiresAccepted: false)
            fuzzed.append(ext)
        }
        #expect(fuzzed.contains("json"), "the JSON reader is always fuzzed: \(fuzzed)")
    }
}
