import Foundation
import Testing

/// `emitter render --diagnostics` and the counters of `emitter stats` (docs/Diagnostics.md).
@Suite struct DiagnosticsCommandTests {
    @Test func renderWritesADiagnosticFrameAndRejectsUnknownNames() throws {
        let folder = try temporaryFolder()
        let out = folder + "/blended.png"
        let run = try emitter([
            "render", "Scenes/fire.json", "--frames", "20", "--diagnostics", "blended,overdraw", "--out", out,
        ])
        #expect(run.status == 0 && FileManager.default.fileExists(atPath: out), "\(run)")
        let bad = try emitter(["render", "Scenes/fire.json", "--frames", "1", "--diagnostics", "blendd"])
        #expect(bad.status != 0 && bad.stderr.contains("unknown diagnostic 'blendd'"), "stderr: \(bad.stderr)")
    }

    @Test func statsHasTheCounterColumns() throws {
        let run = try emitter(["stats", "Scenes/fire.json", "--duration", "0.2", "--fps", "10", "--format", "csv"])
        #expect(run.status == 0, "\(run)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let header = lines.first?.split(separator: ",").map(String.init) ?? []
        for column in ["layersDrawn", "offscreenPasses", "pixelsBlended", "cacheHits", "overdraw"] {
            #expect(header.contains(column), "missing \(column) in \(header)")
        }
        guard lines.count == 3, let i = header.firstIndex(of: "pixelsBlended") else { return }
        let second = lines[2].split(separator: ",").map(String.init)
        #expect((Int(second[i]) ?? 0) > 0, "particles blend pixels at frame 2: \(lines[2])")
    }

    @Test func statsWithoutPixelCountersLeavesThePixelColumnsAtZero() throws {
        let run = try emitter([
            "stats", "Scenes/fire.json", "--duration", "0.2", "--fps", "10", "--format", "csv", "--no-pixel-counters",
        ])
        #expect(run.status == 0, "\(run)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let header = lines.first?.split(separator: ",").map(String.init) ?? []
        guard lines.count == 3, let drawn = header.firstIndex(of: "pixelsDrawn"),
            let layers = header.firstIndex(of: "layersDrawn")
        else {
            Issue.record("unexpected output: \(run.stdout)")
            return
        }
        let second = lines[2].split(separator: ",").map(String.init)
        #expect(
            second[drawn] == "0" && (Int(second[layers]) ?? 0) > 0, "pixels not counted, layers still are: \(lines[2])")
    }
}
