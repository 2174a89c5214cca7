import EmitterKit
import Foundation

/// A headless run: the engine advanced by a virtual display link at `fps`, frames rendered only where
/// an output needs them (the last frame, every frame for `--record`, sampled ones for a contact sheet).
struct HeadlessRender {
    var scene: Scene
    var fps: Double
    var frames: Int
    /// Output size in pixels; nil renders at the scene's size (1 pixel per point).
    var size: (width: Int, height: Int)?
    var outPath: String?
    var recordFolder: String?
    var contactSheet: (columns: Int, rows: Int)?
    var contactSheetPath: String?
    var showsProgress = true
    /// Diagnostic colouring of the rendered frames (docs/Diagnostics.md). Default none.
    var diagnostics: RenderDiagnostics = []

    /// Runs; returns the paths written.
    func run() throws -> [String] {
        if let outPath { try OutputPathCheck.file(outPath, option: "--out") }
        if let contactSheetPath { try OutputPathCheck.file(contactSheetPath, option: "--out") }
        if let recordFolder { try OutputPathCheck.folder(recordFolder, option: "--record") }
        let engine = try failing { try Engine(scene: scene) }
        engine.installClock()
        engine.onWarning = { printError("warning: \($0)") }
        engine.compositor.renderDiagnostics = diagnostics
        // Headless frames must not depend on background threads' timing.
        engine.compositor.drawsTilesSynchronously = true
        let view = engine.viewSize
        let scale: CGFloat = size.map { min(CGFloat($0.width) / view.width, CGFloat($0.height) / view.height) } ?? 1
        let fb = try failing { try engine.makeFramebuffer(scale: scale) }
        var written: [String] = []
        if let recordFolder {
            try failing {
                try FileManager.default.createDirectory(atPath: recordFolder, withIntermediateDirectories: true)
            }
        }
        let sheetFrames: Set<Int> =
            contactSheet.map { spec in
                let n = spec.columns * spec.rows
                return Set((1...n).map { k in max(1, Int((Double(k) * Double(frames) / Double(n)).rounded())) })
            } ?? []
        var sheetImages: [CGImage] = []
        var progress = ProgressBar(total: frames)
        let delta = 1 / fps
        for frame in 1...max(1, frames) {
            if frames > 0 { engine.advance(by: delta) }
            let isLast = frame == max(1, frames)
            let wanted = recordFolder != nil || sheetFrames.contains(frame) || (isLast && outPath != nil)
            if wanted {
                engine.render(into: fb)
                let image = try failing { try output(fb, background: engine.backgroundColor) }
                if let recordFolder {
                    let path = recordFolder + "/" + String(format: "frame-%05d.png", frame)
                    try failing { try image.writePNG(to: path) }
                    if isLast { written.append(recordFolder + "/frame-*.png") }
                }
                if sheetFrames.contains(frame) { sheetImages.append(image) }
                if isLast, let outPath {
                    try failing {
                        try createParentFolder(of: outPath)
                        try image.writePNG(to: outPath)
                    }
                    written.append(outPath)
                }
            }
            if showsProgress { progress.update(frame) }
        }
        if let contactSheet, let contactSheetPath {
            let tileWidth = min(fb.width, max(64, 2048 / contactSheet.columns))
            let sheet = try failing {
                try ImageComposition.contactSheet(
                    sheetImages, columns: contactSheet.columns, rows: contactSheet.rows,
                    tileWidth: tileWidth, background: CGColor(gray: 0.12, alpha: 1))
            }
            try failing {
                try createParentFolder(of: contactSheetPath)
                try sheet.writePNG(to: contactSheetPath)
            }
            written.append(contactSheetPath)
        }
        return written
    }

    /// The framebuffer as an image of the requested size (letterboxed when the aspect differs).
    private func output(_ fb: Framebuffer, background: CGColor) throws -> CGImage {
        let image = try fb.makeImage()
        guard let size, size.width != image.width || size.height != image.height else { return image }
        return try ImageComposition.fit(image, width: size.width, height: size.height, background: background)
    }
}
