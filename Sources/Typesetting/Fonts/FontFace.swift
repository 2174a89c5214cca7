import CFreeType
import Foundation
import LayerKit

/// An open FreeType face with the metrics layout needs, in font units, and per-glyph caches.
///
/// Layout works in font units scaled to points (unhinted, so widths are exactly proportional to the font
/// size and independent of `contentsScale`); rasterisation sets a pixel size on demand. Not thread-safe:
/// `TextRenderer` serialises access.
final class FontFace {
    let descriptor: FontDescriptor
    /// A small number identifying the face in glyph-cache keys.
    let id: Int
    private let library: FreeTypeLibrary
    let face: FT_Face

    /// Font units per em (2048 for DejaVu).
    let unitsPerEm: CGFloat
    /// Distance from the baseline to the top of a line, font units (> 0).
    let ascender: CGFloat
    /// Distance from the baseline to the bottom of a line, font units (> 0).
    let descender: CGFloat
    /// Baseline-to-baseline distance, font units (ascender + descender + line gap).
    let lineHeight: CGFloat
    /// Whether the font has a kerning table FreeType reads.
    let hasKerning: Bool

    private var glyphIndices: [UInt32: UInt32] = [:]
    private var advances: [UInt32: CGFloat] = [:]
    /// The pixel size last set on the face, in 26.6 units (0 = none yet).
    private var currentPixelSize26_6 = 0

    init(descriptor: FontDescriptor, id: Int, library: FreeTypeLibrary) throws {
        self.descriptor = descriptor
        self.id = id
        self.library = library
        face = try library.openFace(path: descriptor.path, index: descriptor.faceIndex)
        let f = face.pointee
        let upem = f.units_per_EM > 0 ? CGFloat(f.units_per_EM) : 1000
        unitsPerEm = upem
        // Bitmap-only fonts have no scalable metrics; fall back to a conventional 0.8 / 0.2 em split.
        ascender = f.ascender > 0 ? CGFloat(f.ascender) : upem * 0.8
        descender = f.descender < 0 ? CGFloat(-Int(f.descender)) : upem * 0.2
        lineHeight = max(CGFloat(f.height), ascender + descender)
        hasKerning = f.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
    }

    deinit { FT_Done_Face(face) }

    // MARK: - Characters and metrics

    /// The glyph for a Unicode scalar; 0 (the font's "missing" glyph) when the font lacks it.
    func glyph(for scalar: Unicode.Scalar) -> UInt32 {
        if let g = glyphIndices[scalar.value] { return g }
        let g = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        glyphIndices[scalar.value] = g
        return g
    }

    /// Whether the font has a glyph for `scalar`.
    func hasGlyph(for scalar: Unicode.Scalar) -> Bool { glyph(for: scalar) != 0 }

    /// The horizontal advance of a glyph, font units (unhinted).
    func advance(of glyph: UInt32) -> CGFloat {
        if let a = advances[glyph] { return a }
        var value: FT_Fixed = 0
        let error = FT_Get_Advance(face, glyph, FreeTypeFlags.noScale, &value)
        let a = error == 0 ? CGFloat(value) : 0
        advances[glyph] = a
        return a
    }

    /// The kerning between two glyphs, font units (negative pulls them together); 0 without a kern table.
    func kerning(_ left: UInt32, _ right: UInt32) -> CGFloat {
        guard hasKerning, left != 0, right != 0 else { return 0 }
        var v = FT_Vector()
        guard FT_Get_Kerning(face, left, right, FT_UInt(FT_KERNING_UNSCALED.rawValue), &v) == 0 else { return 0 }
        return CGFloat(v.x)
    }

    // MARK: - Rasterising

    /// Renders a glyph at `pixelSize26_6` (pixels per em × 64), shifted right by `subpixelShift26_6`
    /// (0…63), into an 8-bit coverage bitmap. Nil when FreeType fails or the glyph is empty (a space).
    func render(glyph: UInt32, pixelSize26_6: Int, subpixelShift26_6: Int) -> GlyphBitmap? {
        if currentPixelSize26_6 != pixelSize26_6 {
            guard FT_Set_Char_Size(face, 0, FT_F26Dot6(pixelSize26_6), 72, 72) == 0 else { return nil }
            currentPixelSize26_6 = pixelSize26_6
        }
        var delta = FT_Vector(x: FT_Pos(subpixelShift26_6), y: 0)
        FT_Set_Transform(face, nil, &delta)
        defer { FT_Set_Transform(face, nil, nil) }
        guard FT_Load_Glyph(face, glyph, FreeTypeFlags.noHinting | FreeTypeFlags.noBitmap) == 0 else { return nil }
        guard let slot = face.pointee.glyph, FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        let bm = slot.pointee.bitmap
        let w = Int(bm.width)
        let h = Int(bm.rows)
        guard w > 0, h > 0, let buffer = bm.buffer, bm.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else {
            return nil
        }
        var pixels = [UInt8](repeating: 0, count: w * h)
        let pitch = Int(bm.pitch)
        pixels.withUnsafeMutableBufferPointer { dst in
            guard let base = dst.baseAddress else { return }
            for y in 0..<h {
                let src = pitch >= 0 ? buffer + y * pitch : buffer + (h - 1 - y) * (-pitch)
                (base + y * w).update(from: src, count: w)
            }
        }
        return GlyphBitmap(
            width: w, height: h, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
            pixels: pixels)
    }
}
