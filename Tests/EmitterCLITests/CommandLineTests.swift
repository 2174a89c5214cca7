import EmitterKit
import Foundation
import Testing

/// The `emitter` command: exit codes, outputs, and every scene in Scenes/ headless.
@Suite struct CommandLineTests {
    @Test func validateAcceptsGoodScenesAndReportsBrokenOnesWithExitCode1() throws {
        let ok = try emitter(["validate", "Scenes/fire.json"])
        #expect(ok.status == 0 && ok.stdout.contains("Scenes/fire.json: ok"), "\(ok)")
        let folder = try temporaryFolder()
        let bad = folder + "/bad.json"
        try Data(#"{"schemaVersion": 1, "layers": [{"type": "emitter", "emitterCells": [{"birthRate": -5}]}]}"#.utf8)
            .write(to: URL(fileURLWithPath: bad))
        let run = try emitter(["validate", bad])
        #expect(run.status == 1, "\(run)")
        #expect(
            run.stderr.contains("bad.json:1:")
                && run.stderr.contains("layers[0].emitterCells[0].birthRate: expected a number ≥ 0, got -5"),
            "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty, "errors go to stderr only")
    }

    @Test func missingOrUnsupportedFilesAreInvalidInput() throws {
        let missing = try emitter(["render", "Scenes/nope.json", "--frames", "1"])
        #expect(missing.status == 1 && missing.stderr.contains("nope.json"), "\(missing)")
        let wrong = try emitter(["validate", "README.md"])
        #expect(wrong.status == 1 && wrong.stderr.contains("not a scene file"), "\(wrong)")
    }

    @Test func usageErrorsExitWith2() throws {
        let unknown = try emitter(["render", "Scenes/fire.json", "--bogus"])
        #expect(unknown.status == 2, "\(unknown)")
        let badSize = try emitter(["render", "Scenes/fire.json", "--size", "big"])
        #expect(badSize.status == 2 && badSize.stderr.contains("--size"), "\(badSize)")
        let both = try emitter(["render", "Scenes/fire.json", "--frames", "3", "--duration", "1"])
        #expect(both.status == 2, "\(both)")
        let help = try emitter(["render", "--help"])
        #expect(help.status == 0 && help.stdout.contains("Examples:"), "\(help)")
    }

    @Test func renderWritesTheLastFrameAndRuntimeFailuresExitWith3() throws {
        let folder = try temporaryFolder()
        let out = folder + "/fire.png"
        let run = try emitter(["render", "Scenes/fire.json", "--duration", "1", "--out", out, "--size", "200x150"])
        #expect(run.status == 0 && run.stdout.contains(out), "\(run)")
        let image = try CGImage.load(pngAt: out)
        #expect(image.width == 200 && image.height == 150)
        var brightest = 0
        for y in 0..<image.height {
            for x in 0..<image.width { brightest = max(brightest, Int(image.pixel(x: x, y: y).r)) }
        }
        #expect(brightest > 200, "the flame shows: brightest red \(brightest)")
        let denied = try emitter(["render", "Scenes/fire.json", "--frames", "2", "--out", "/proc/forbidden/x.png"])
        #expect(denied.status == 3, "\(denied)")
    }

    @Test func recordAndContactSheetWriteTheirFiles() throws {
        let folder = try temporaryFolder()
        let run = try emitter([
            "render", "Scenes/fire.json", "--frames", "6", "--fps", "30", "--record", folder + "/frames",
        ])
        #expect(run.status == 0, "\(run)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder + "/frames").filter {
            $0.hasSuffix(".png")
        }.sorted()
        #expect(frames == (1...6).map { String(format: "frame-%05d.png", $0) }, "\(frames)")
        let sheet = folder + "/sheet.png"
        let s = try emitter(["render", "Scenes/fire.json", "--duration", "1", "--contact-sheet", "3x2", "--out", sheet])
        #expect(s.status == 0 && FileManager.default.fileExists(atPath: sheet), "\(s)")
    }

    @Test func hashIsEqualAt30_60And144FramesPerSecond() throws {
        var hashes: [String] = []
        for fps in ["30", "60", "144"] {
            let run = try emitter(["hash", "Scenes/fire.json", "--duration", "2", "--fps", fps])
            #expect(run.status == 0, "\(run)")
            hashes.append(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(Set(hashes).count == 1, "hashes at 30/60/144 fps: \(hashes)")
        #expect(
            hashes[0].hasPrefix("v\(Engine.stateHashVersion) ") && hashes[0].count == 19,
            "the version, a space and 16 hex digits: \(hashes[0])")
        let seeded = try emitter(["hash", "Scenes/fire.json", "--duration", "2", "--seed", "5"])
        #expect(seeded.stdout.trimmingCharacters(in: .whitespacesAndNewlines) != hashes[0], "--seed changes the run")
    }

    @Test func cratesHashIsEqualAt30_60And144FramesPerSecond() throws {
        var hashes: [String] = []
        for fps in ["30", "60", "144"] {
            let run = try emitter(["hash", "Scenes/crates.json", "--duration", "3", "--fps", fps])
            #expect(run.status == 0, "\(run)")
            hashes.append(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(Set(hashes).count == 1 && hashes[0].count == 19, "crates hashes at 30/60/144 fps: \(hashes)")
    }

    @Test func statsPrintsOneRowPerFrame() throws {
        let run = try emitter(["stats", "Scenes/fire.json", "--duration", "0.5", "--fps", "20", "--format", "csv"])
        #expect(run.status == 0, "\(run)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 11 && lines[0].hasPrefix("frame,time,steps,live"), "\(lines.prefix(2))")
        let json = try emitter(["stats", "Scenes/fire.json", "--duration", "0.2", "--fps", "10"])
        let rows = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(rows?.count == 2, "\(json.stdout.prefix(200))")
    }

    @Test func runWithoutADisplayRendersHeadlessAndNamesThePNG() throws {
        let folder = try temporaryFolder()
        let out = folder + "/run.png"
        let run = try emitter(["Scenes/fire.json", "--frames", "10", "--out", out])
        #expect(run.status == 0, "\(run)")
        #expect(
            run.stderr.contains("cannot open a window") && run.stderr.contains("wrote \(out)"), "stderr: \(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test func everySceneValidatesAndRendersHeadless() throws {
        let scenes = sceneFiles()
        #expect(!scenes.isEmpty)
        let validate = try emitter(["validate"] + scenes)
        #expect(validate.status == 0, "\(validate.stderr)")
        let folder = try temporaryFolder()
        for scene in scenes {
            let run = try emitter(["render", scene, "--frames", "8", "--out", folder + "/x.png", "--size", "160x120"])
            #expect(run.status == 0, "\(scene): \(run.stderr)")
        }
    }
}
