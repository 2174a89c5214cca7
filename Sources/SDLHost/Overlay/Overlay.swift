/// The host's on-screen overlay, drawn into the frame's pixels (so it is in every readback and
/// screenshot): a statistics panel (F), the key help (H), a playback badge while paused or at another
/// speed, and an error banner after a failed reload.
public struct Overlay: Sendable {
    /// Whether the statistics panel is shown. Default false.
    public var showsStatistics = false
    /// Whether the key help is shown. Default false.
    public var showsHelp = false
    /// A failed reload's message, shown in a banner at the bottom until cleared; nil hides it.
    public var errorMessage: String?
    /// The help panel's entries (keys, summary).
    public var helpEntries: [(keys: String, summary: String)]
    /// Points per font pixel on wide frames (≥ 500 points); narrower frames use half. Default 2.
    public var pointsPerFontPixel: Double = 2

    /// Maximum error lines in the banner before the rest is summarised.
    public static let maximumErrorLines = 12

    /// An overlay with help generated from key bindings.
    public init(bindings: KeyBindings = .standard, pointerHelp: Bool = true) {
        var entries = bindings.helpEntries
        if pointerHelp {
            entries.append(("drag", "move the interactive target"))
            entries.append(("click", "click action"))
        }
        helpEntries = entries
    }

    /// Whether anything would be drawn for this report.
    public func isVisible(badge: String?) -> Bool {
        showsStatistics || showsHelp || errorMessage != nil || badge != nil
    }

    // MARK: - Drawing

    /// Draws everything that is switched on into a canvas whose pixels are `contentsScale` per point.
    public func draw(in canvas: PixelCanvas, contentsScale: Double, report: OverlayReport) {
        let font = BitmapFont.standard
        let scale = fontPixelSize(canvasWidth: canvas.width, contentsScale: contentsScale)
        let padding = 3 * scale
        let lineStep = font.lineHeight * scale
        var statisticsBottom = 0
        if showsStatistics {
            let lines = report.lines
            let width = lines.map { font.width(of: $0) }.max() ?? 0
            statisticsBottom = lines.count * lineStep + 2 * padding - 2 * scale
            canvas.fill(x: 0, y: 0, width: width * scale + 2 * padding, height: statisticsBottom, color: .panel)
            for (i, line) in lines.enumerated() {
                canvas.draw(
                    text: line, x: padding, y: padding + i * lineStep, scale: scale,
                    color: i == 0 ? .text : .dimText)
            }
        }
        if let badge = report.badge {
            let width = font.width(of: badge) * scale
            let x = canvas.width - width - 2 * padding
            canvas.fill(
                x: x, y: 0, width: width + 2 * padding, height: lineStep + 2 * padding - 2 * scale, color: .panel)
            canvas.draw(text: badge, x: x + padding, y: padding, scale: scale, color: .accent)
        }
        let bannerLines = errorMessage.map { errorLines($0, canvasWidth: canvas.width, scale: scale) } ?? []
        let bannerHeight = bannerLines.isEmpty ? 0 : bannerLines.count * lineStep + 8 * scale - 2 * scale
        if showsHelp {
            drawHelp(in: canvas, scale: scale, between: statisticsBottom, and: canvas.height - bannerHeight)
        }
        if !bannerLines.isEmpty { drawBanner(bannerLines, height: bannerHeight, in: canvas, scale: scale) }
    }

    /// Device pixels per font pixel: `pointsPerFontPixel` (halved on narrow frames) × contentsScale,
    /// rounded, at least 1.
    public func fontPixelSize(canvasWidth: Int, contentsScale: Double) -> Int {
        let scale = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        let points = Double(canvasWidth) / scale
        let perPoint = points >= 500 ? pointsPerFontPixel : pointsPerFontPixel / 2
        return max(1, Int((perPoint * scale).rounded()))
    }

    /// Centres the help panel between the statistics panel and the error banner (rows `top`..<`bottom`);
    /// halves the text size when the panel would not fit there.
    private func drawHelp(in canvas: PixelCanvas, scale fullScale: Int, between top: Int, and bottom: Int) {
        let font = BitmapFont.standard
        let keyColumn = (helpEntries.map { font.width(of: $0.keys) }.max() ?? 0) + 3 * font.advance
        let lines = helpEntries.count + 2
        let width = keyColumn + (helpEntries.map { font.width(of: $0.summary) }.max() ?? 0)
        func size(_ scale: Int) -> (Int, Int) {
            (width * scale + 8 * scale, lines * font.lineHeight * scale + 6 * scale)
        }
        var scale = fullScale
        if scale > 1, size(scale).0 > canvas.width || size(scale).1 > bottom - top { scale = max(1, scale / 2) }
        let padding = 4 * scale
        let (boxWidth, boxHeight) = size(scale)
        let x = (canvas.width - boxWidth) / 2
        let y = max(top, top + (bottom - top - boxHeight) / 2)
        canvas.fill(x: x, y: y, width: boxWidth, height: boxHeight, color: .panel)
        canvas.draw(text: "Keys", x: x + padding, y: y + padding, scale: scale, color: .accent)
        for (i, entry) in helpEntries.enumerated() {
            let rowY = y + padding + (i + 2) * font.lineHeight * scale
            canvas.draw(text: entry.keys, x: x + padding, y: rowY, scale: scale, color: .text)
            canvas.draw(text: entry.summary, x: x + padding + keyColumn * scale, y: rowY, scale: scale, color: .dimText)
        }
    }

    /// The banner's lines: a heading, the wrapped message, and a note when lines were cut.
    private func errorLines(_ message: String, canvasWidth: Int, scale: Int) -> [String] {
        let columns = max(8, (canvasWidth - 8 * scale) / (BitmapFont.standard.advance * scale))
        var lines = ["Reload failed; the last good scene keeps running:"]
        lines += Self.wrap(message, columns: columns)
        if lines.count > Self.maximumErrorLines {
            let hidden = lines.count - Self.maximumErrorLines + 1
            lines = Array(lines.prefix(Self.maximumErrorLines - 1)) + ["... \(hidden) more lines on stderr"]
        }
        return lines
    }

    private func drawBanner(_ lines: [String], height: Int, in canvas: PixelCanvas, scale: Int) {
        let padding = 4 * scale
        let lineStep = BitmapFont.standard.lineHeight * scale
        let y = canvas.height - height
        canvas.fill(x: 0, y: y, width: canvas.width, height: height, color: .errorPanel)
        for (i, line) in lines.enumerated() {
            canvas.draw(
                text: line, x: padding, y: y + padding + i * lineStep, scale: scale, color: i == 0 ? .accent : .text)
        }
    }

    /// Splits text at newlines, spells it in the font's ASCII, then wraps each line at spaces to at most
    /// `columns` characters (a longer word is cut).
    static func wrap(_ text: String, columns: Int) -> [String] {
        var out: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let ascii = String(decoding: BitmapFont.standard.codes(for: String(paragraph)), as: UTF8.self)
            var line = ""
            for word in ascii.split(separator: " ", omittingEmptySubsequences: false) {
                var word = Substring(word)
                if line.isEmpty {
                    line = String(word)
                } else if line.count + 1 + word.count <= columns {
                    line += " " + word
                } else {
                    out.append(line)
                    line = String(word)
                }
                while line.count > columns {
                    out.append(String(line.prefix(columns)))
                    word = Substring(line.dropFirst(columns))
                    line = String(word)
                }
            }
            out.append(line)
        }
        return out
    }
}
