import ArgumentParser
import EmitterKit
import Foundation

/// `emitter render`: runs a scene headless and writes PNGs.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Run a scene headless and write frames to PNG.",
        usage: "emitter render <scene> [<options>]",
        discussion: """
            The simulation advances on its fixed step driven by a virtual display link at --fps; only the \
            frames an output needs are drawn. Without --out, --record or --contact-sheet the last frame goes to \
            out/<scene>.png.

            Examples:
              emitter render Scenes/fire.json --duration 2 --out fire.png
              emitter render Scenes/fire.json --frames 120 --record out/fire-frames
              emitter render Scenes/fireworks.json --duration 6 --contact-sheet 4x3 \\
                --out sheet.png
              emitter render Scenes/snow.json --size 640x360 --seed 7
              emitter render Scenes/fire.json --diagnostics blended,offscreen \\
                --out fire-blended.png

            --diagnostics colours every rendered frame as the Core Animation instrument does (docs/Diagnostics.md): \
            blended (green opaque, red blended), offscreen (yellow), rasterization (green cache hits, red misses), \
            overdraw (heat map: blue 1, green 2, yellow 3, orange 4, red 5+ writes), flash (yellow: drawn by \
            software this frame), all.
            """
    )

    @Argument(help: "The scene file (.json).")
    var scene: String

    @OptionGroup var simulation: SimulationOptions

    @Option(help: "Frames to run (instead of --duration).")
    var frames: Int?

    @Option(help: "Output size in pixels, WxH (the scene is scaled to fit and letterboxed).")
    var size: String?

    @Option(help: "Where to write the last frame (or the contact sheet).")
    var out: String?

    @Option(help: "Write every frame as numbered PNGs into this folder.")
    var record: String?

    @Option(name: .customLong("contact-sheet"), help: "Write one PNG of COLSxROWS frames spread over the run.")
    var contactSheet: String?

    @Option(help: "Diagnostic colouring, comma-separated: blended, offscreen, rasterization, overdraw, flash, all.")
    var diagnostics: String?

    func validate() throws {
        if frames != nil && simulation.duration != nil {
            throw ValidationError("give --duration or --frames, not both")
        }
        if let f = frames, f < 0 || f > 10_000_000 { throw ValidationError("--frames must be 0…10000000, got \(f)") }
        if let s = size, parsePair(s) == nil {
            throw ValidationError("--size must be WxH in pixels, e.g. 1280x720 (1…16384 each), got '\(s)'")
        }
        if let c = contactSheet, parsePair(c, limit: 64) == nil {
            throw ValidationError("--contact-sheet must be COLSxROWS, e.g. 4x3 (1…64 each), got '\(c)'")
        }
        if let d = diagnostics {
            do { _ = try RenderDiagnostics.parse(d) } catch { throw ValidationError("--diagnostics: \(error)") }
        }
    }

    func run() throws {
        let loaded = try simulation.loadScene(scene)
        let fps = simulation.framesPerSecond(for: loaded)
        let count = frames ?? SimulationOptions.frameCount(seconds: simulation.duration ?? 5, fps: fps)
        let sheet = contactSheet.flatMap { parsePair($0, limit: 64) }.map { (columns: $0.0, rows: $0.1) }
        let outPath =
            out ?? ((record == nil || sheet != nil) ? "out/\(baseName(scene))\(sheet != nil ? "-sheet" : "").png" : nil)
        var job = HeadlessRender(
            scene: loaded, fps: fps, frames: count,
            size: size.flatMap { parsePair($0) }.map { (width: $0.0, height: $0.1) },
            outPath: sheet == nil ? outPath : nil, recordFolder: record,
            contactSheet: sheet, contactSheetPath: sheet == nil ? nil : outPath)
        job.diagnostics = try diagnostics.map { try RenderDiagnostics.parse($0) } ?? []
        for path in try job.run() { print(path) }
    }
}

/// Parses `AxB` with both numbers in 1…limit.
func parsePair(_ text: String, limit: Int = 16_384) -> (Int, Int)? {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), (1...limit).contains(a),
        (1...limit).contains(b)
    else { return nil }
    return (a, b)
}
