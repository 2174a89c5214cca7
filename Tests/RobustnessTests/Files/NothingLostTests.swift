import EmitterKit
import Foundation
import Testing

/// Failures never cost the user a file: an existing output survives a scene that fails to load and a
/// render that fails, and `--record` never leaves a half-written frame under a final name.
@Suite(.serialized) struct NothingLostTests {
    /// A valid PNG at `path` whose bytes the test can compare afterwards.
    func writeExisting(_ path: String) throws -> Data {
        let image = try CGImage(width: 2, height: 2, premultipliedPixels: [UInt8](repeating: 200, count: 16))
        try image.writePNG(to: path)
        return try #require(FileManager.default.contents(atPath: path))
    }

    /// A scene file in `folder`; `broken` makes it fail validation.
    func writeScene(_ folder: String, broken: Bool = false) throws -> String {
        let path = folder + "/scene.json"
        let json = """
            {"schemaVersion": 1, "display": {"size": [64, 48], "backgroundColor": "black"},
             "layers": [{"type": "emitter", "frame": [0, 0, 64, 48], "emitterPosition": [32, 40], "renderMode": "additive",
               "emitterCells": [{"contents": "builtin:softDot", "birthRate": \(broken ? "-5" : "200"), "lifetime": 1, "velocity": 30,
                 "emissionLongitude": "-90deg", "scale": 0.2, "color": "orange"}]}]}
            """
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func anExistingOutputSurvivesASceneThatFailsToLoad() throws {
        let folder = try temporaryFolder("lost")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/out.png"
        let before = try writeExisting(out)
        let run = try emitter(["render", try writeScene(folder, broken: true), "--frames", "2", "--out", out])
        #expect(run.status == 1, "exit 1 for invalid input: \(run.stderr)")
        #expect(run.stderr.contains("birthRate"), "the error names the problem: \(run.stderr)")
        #expect(FileManager.default.contents(atPath: out) == before, "out.png keeps its content")
    }

    @Test func anExistingOutputSurvivesARenderThatFails() throws {
        let folder = try temporaryFolder("lost")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/out.png"
        let before = try writeExisting(out)
        // 16384×12288 pixels is over CGImage.maximumPixelCount: the framebuffer cannot be made.
        let run = try emitter([
            "render", try writeScene(folder), "--frames", "2", "--size", "16384x16384", "--out", out,
        ])
        #expect(run.status == 3, "exit 3 for a runtime failure: \(run.stderr)")
        #expect(FileManager.default.contents(atPath: out) == before, "out.png keeps its content")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".partial") }
        #expect(leftovers.isEmpty, "no temporary file left: \(leftovers)")
    }

    @Test func aSuccessfulRenderReplacesTheOutputWithACompleteImage() throws {
        let folder = try temporaryFolder("lost")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/out.png"
        let before = try writeExisting(out)
        let run = try emitter(["render", try writeScene(folder), "--frames", "30", "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        let after = try #require(FileManager.default.contents(atPath: out))
        #expect(after != before)
        let image = try PNGCodec.decode(after, source: out)
        #expect(image.width == 64 && image.height == 48)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".partial") }.isEmpty)
    }

    /// The recorder is killed while it writes frames; every frame under its final name is complete.
    @Test func recordingKilledMidRunLeavesOnlyCompleteFrames() throws {
        let folder = try temporaryFolder("lost")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frames = folder + "/frames"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: emitterBinary)
        process.arguments = ["render", try writeScene(folder), "--frames", "100000", "--record", frames]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var written: [String] = []
        for _ in 0..<200 {
            usleep(20_000)
            written = ((try? FileManager.default.contentsOfDirectory(atPath: frames)) ?? []).filter {
                $0.hasPrefix("frame-")
            }
            if written.count >= 5 { break }
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        written = ((try? FileManager.default.contentsOfDirectory(atPath: frames)) ?? []).filter {
            $0.hasPrefix("frame-")
        }.sorted()
        #expect(written.count >= 5, "frames written before the kill: \(written.count)")
        for name in written {
            let data = try #require(FileManager.default.contents(atPath: frames + "/" + name))
            #expect(throws: Never.self, "\(name) is a complete PNG (\(data.count) bytes)") {
                let image = try PNGCodec.decode(data, source: name)
                #expect(image.width == 64 && image.height == 48)
            }
        }
    }
}

/// Output paths that cannot be written are refused before anything runs, naming the option and the fix.
@Suite struct OutputPathTests {
    @Test func outputPathsThatCannotBeWrittenAreUsageErrors() throws {
        let folder = try temporaryFolder("paths")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/file"
        try Data("keep".utf8).write(to: URL(fileURLWithPath: file))
        let scene = "Tests/RobustnessTests/Corpus/json/minimal.json"
        let cases: [([String], String)] = [
            (["--out", folder], "--out \(folder) is a folder; give a file name"),
            (["--record", file], "--record \(file) is a file, not a folder"),
            (["--out", file + "/x.png"], "\(file) is a file, so no folder can be made there"),
        ]
        for (options, expected) in cases {
            let run = try emitter(["render", scene, "--frames", "1"] + options)
            #expect(run.status == 2, "\(options): \(run.stderr)")
            #expect(run.stderr.contains(expected), "\(options): \(run.stderr)")
        }
        #expect(FileManager.default.contents(atPath: file) == Data("keep".utf8), "the file in the way is untouched")
    }
}
