import Foundation
import LayerKit

/// Typesets and rasterises text with FreeType: what `CATextLayer` draws, and labels for the window overlay.
///
/// One renderer owns one FreeType library, its open faces and a glyph cache; a lock serialises every
/// call, so a renderer may be shared between threads (`TextRenderer.shared`). Faces and the library are
/// freed with the renderer.
///
/// Layout is in points and does not depend on `contentsScale`; glyphs are rasterised unhinted at
/// fontSize × contentsScale pixels per em, at quarter-pixel horizontal positions, with baselines on whole
/// pixels.
public final class TextRenderer: @unchecked Sendable {
    /// A renderer for everyone (the compositor, the overlay).
    public static let shared = TextRenderer()
    /// The largest glyph size drawn, fontSize × contentsScale pixels per em.
    public static let maximumPixelSize: CGFloat = 2048

    private let lock = NSLock()
    private let library: FreeTypeLibrary?
    private let startError: TypesettingError?
    private let catalog: FontCatalog?
    private var faces: [FontDescriptor: FontFace] = [:]
    private var cache = GlyphCache()

    /// Creates a renderer that finds fonts in `fontDirectories` (searched recursively).
    public convenience init(fontDirectories: [String] = ["/usr/share/fonts", "/usr/local/share/fonts"]) {
        self.init(fontDirectories: fontDirectories, freeTypeBlockCounter: nil)
    }

    /// Creates a renderer whose FreeType allocations are counted in `freeTypeBlockCounter` (for the leak test).
    init(fontDirectories: [String], freeTypeBlockCounter: UnsafeMutablePointer<Int>?) {
        do {
            let lib = try FreeTypeLibrary(blockCounter: freeTypeBlockCounter)
            library = lib
            catalog = FontCatalog(library: lib, searchDirectories: fontDirectories)
            startError = nil
        } catch {
            library = nil
            catalog = nil
            startError = error as? TypesettingError ?? .freeTypeUnavailable(code: -1)
        }
    }

    // MARK: - Fonts

    /// The face a font name or path resolves to (nil: DejaVu Sans).
    /// - Throws: `TypesettingError.unknownFont` (whose message names the fallback), `.fontFileNotFound`, …
    public func resolveFont(_ name: String?) throws -> FontDescriptor {
        lock.lock()
        defer { lock.unlock() }
        return try catalogOrThrow().resolve(name)
    }

    /// Every face found in the font folders, sorted by path.
    public func availableFonts() throws -> [FontDescriptor] {
        lock.lock()
        defer { lock.unlock() }
        return try catalogOrThrow().allFaces()
    }

    // MARK: - Layout and drawing

    /// Lays out `request`. An unknown font falls back to DejaVu Sans and sets `fontWarning`.
    /// - Throws: `TypesettingError` for a bad size, scale or font size, or when no font can be opened.
    public func layout(_ request: TextRequest) throws -> TextLayout {
        lock.lock()
        defer { lock.unlock() }
        return try layoutLocked(request)
    }

    /// Draws a layout into a coverage bitmap of bounds × contentsScale pixels (rounded up).
    /// - Throws: `TypesettingError.bitmapTooLarge`, `.glyphsTooLarge`.
    public func render(_ layout: TextLayout) throws -> AlphaBitmap {
        lock.lock()
        defer { lock.unlock() }
        return try renderLocked(layout)
    }

    /// Lays out and draws `request` in one call.
    public func render(_ request: TextRequest) throws -> (layout: TextLayout, bitmap: AlphaBitmap) {
        lock.lock()
        defer { lock.unlock() }
        let l = try layoutLocked(request)
        return (l, try renderLocked(l))
    }

    /// The contents a text layer shows: its text in `foregroundColor`, premultiplied, at its
    /// `contentsScale`. Nil when there is nothing to draw (no string, no colour, empty bounds).
    public func contents(for layer: CATextLayer) throws -> CGImage? {
        guard let color = layer.foregroundColor, color.alpha > 0, let s = layer.string, !s.isEmpty else { return nil }
        let (_, bitmap) = try render(TextRequest(textLayer: layer))
        guard bitmap.width > 0, bitmap.height > 0 else { return nil }
        return try bitmap.image(tintedWith: color)
    }

    /// A small image of `string` sized to fit it (one line per paragraph, no wrapping): for overlays and
    /// debug text. The image is `scale` pixels per point.
    public func label(
        _ string: String, fontSize: CGFloat = 12, color: CGColor = .white, font: String? = nil,
        scale: CGFloat = 1
    ) throws -> CGImage {
        lock.lock()
        defer { lock.unlock() }
        // Left-aligned unwrapped lines do not depend on the bounds: measure once, then size the bitmap.
        var layout = try layoutLocked(TextRequest(string: string, font: font, fontSize: fontSize, contentsScale: scale))
        let width = max(1, (layout.lines.map(\.maxX).max() ?? 0).rounded(.up))
        let height = max(1, (CGFloat(max(1, layout.lines.count)) * layout.lineHeight).rounded(.up))
        layout.request.size = CGSize(width: width, height: height)
        return try renderLocked(layout).image(tintedWith: color)
    }

    /// Glyph cache use so far: lookups answered, glyphs rasterised, glyphs held, bytes held.
    public var cacheStatistics: (hits: Int, misses: Int, glyphs: Int, bytes: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (cache.hits, cache.misses, cache.count, cache.bytes)
    }

    /// Forgets every cached glyph (faces stay open).
    public func clearCache() {
        lock.lock()
        defer { lock.unlock() }
        cache.removeAll()
    }

    // MARK: - Private (lock held)

    private func catalogOrThrow() throws -> FontCatalog {
        guard let catalog else { throw startError ?? .freeTypeUnavailable(code: -1) }
        return catalog
    }

    private func face(for descriptor: FontDescriptor) throws -> FontFace {
        if let f = faces[descriptor] { return f }
        guard let library else { throw startError ?? .freeTypeUnavailable(code: -1) }
        let f = try FontFace(descriptor: descriptor, id: faces.count, library: library)
        faces[descriptor] = f
        return f
    }

    private func layoutLocked(_ request: TextRequest) throws -> TextLayout {
        try request.validate()
        let catalog = try catalogOrThrow()
        var warning: TypesettingError?
        let descriptor: FontDescriptor
        do {
            descriptor = try catalog.resolve(request.font)
        } catch let error as TypesettingError {
            switch error {
            case .unknownFont, .fontFileNotFound, .unreadableFont:
                warning = error
                descriptor = try catalog.defaultFont()
            default:
                throw error
            }
        }
        let f = try face(for: descriptor)
        let result = TextLayoutEngine(face: f, request: request).layout()
        return TextLayout(
            request: request, font: descriptor, fontWarning: warning, lines: result.lines,
            ascent: result.ascent, descent: result.descent, lineHeight: result.lineHeight,
            hiddenLineCount: result.hidden)
    }

    private func renderLocked(_ layout: TextLayout) throws -> AlphaBitmap {
        let request = layout.request
        try request.validate()
        let scale = request.contentsScale
        let w = Int((request.size.width * scale - 1e-6).rounded(.up))
        let h = Int((request.size.height * scale - 1e-6).rounded(.up))
        if w > 0, h > 0 {
            do { try CGImage.validate(width: w, height: h) } catch {
                throw TypesettingError.bitmapTooLarge(width: w, height: h)
            }
        }
        var bitmap = AlphaBitmap(width: max(0, w), height: max(0, h), scale: scale)
        guard w > 0, h > 0 else { return bitmap }
        let pixelSize = request.fontSize * scale
        guard pixelSize <= TextRenderer.maximumPixelSize else {
            throw TypesettingError.glyphsTooLarge(pixelSize: pixelSize, limit: TextRenderer.maximumPixelSize)
        }
        let f = try face(for: layout.font)
        let size26_6 = max(1, Int((pixelSize * 64).rounded()))
        let steps = GlyphCache.subpixelSteps
        for line in layout.lines {
            let baseline = Int((line.origin.y * scale).rounded())
            // Lines entirely above or below the bitmap draw nothing.
            if CGFloat(baseline) - layout.ascent * scale > CGFloat(h) || CGFloat(baseline) + layout.descent * scale < 0
            {
                continue
            }
            for g in line.glyphs {
                let penX = g.position.x * scale
                if penX < -2 * pixelSize || penX > CGFloat(w) + pixelSize { continue }
                let quarters = Int((penX * CGFloat(steps)).rounded())
                let whole = quarters >= 0 ? quarters / steps : -((-quarters + steps - 1) / steps)
                let bin = quarters - whole * steps
                let key = GlyphCache.Key(face: f.id, pixelSize26_6: size26_6, glyph: g.glyph, subpixel: bin)
                guard
                    let glyph = cache.bitmap(
                        for: key,
                        render: {
                            f.render(glyph: g.glyph, pixelSize26_6: size26_6, subpixelShift26_6: bin * 64 / steps)
                        })
                else { continue }
                bitmap.blend(glyph, atX: whole + glyph.left, y: baseline - glyph.top)
            }
        }
        return bitmap
    }
}
