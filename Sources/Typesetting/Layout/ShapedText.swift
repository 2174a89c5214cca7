import Foundation
import LayerKit

/// A run of characters measured in one font and size: glyphs, advances and pen positions (kerning
/// included), in points, in contiguous arrays. One unit per Unicode scalar; a unit that starts a
/// character (grapheme cluster) is a place where lines may break and truncation may cut.
struct ShapedText {
    var scalars: [Unicode.Scalar] = []
    var glyphs: [UInt32] = []
    var advances: [CGFloat] = []
    /// Pen position of each unit from the run's start, kerning with the previous unit included.
    var x: [CGFloat] = []
    var clusterStart: [Bool] = []
    var isSpace: [Bool] = []

    var count: Int { scalars.count }

    /// Shapes `scalars` (with their cluster-start flags) in `face` at `fontSize` points.
    init(_ units: [(Unicode.Scalar, Bool)], face: FontFace, fontSize: CGFloat) {
        let k = fontSize / face.unitsPerEm
        scalars.reserveCapacity(units.count)
        var pen: CGFloat = 0
        var previous: UInt32 = 0
        let spaceGlyph = face.glyph(for: " ")
        for (scalar, starts) in units {
            let tab = scalar == "\t"
            let g = tab ? spaceGlyph : face.glyph(for: scalar)
            // Without shaping, a combining mark is drawn at the pen position after its base; fonts design
            // such glyphs with no advance and their outline to the left of the origin, over the base.
            let mark = !starts && scalar.properties.generalCategory == .nonspacingMark
            let adv = face.advance(of: g) * k * (tab ? 4 : 1)
            if !mark { pen += face.kerning(previous, g) * k }
            scalars.append(tab ? " " : scalar)
            glyphs.append(g)
            advances.append(adv)
            x.append(pen)
            clusterStart.append(starts)
            isSpace.append(scalar == " " || tab || scalar == "\u{3000}")
            pen += adv
            if !mark { previous = g }
        }
    }

    /// The width of units a..<b laid out from a (kerning inside the range included).
    func width(_ a: Int, _ b: Int) -> CGFloat {
        guard b > a else { return 0 }
        return x[b - 1] + advances[b - 1] - x[a]
    }

    /// The width of units a..<b without trailing spaces.
    func visibleWidth(_ a: Int, _ b: Int) -> CGFloat { width(a, trimmedEnd(a, b)) }

    /// `b` moved back over trailing spaces (not before `a`).
    func trimmedEnd(_ a: Int, _ b: Int) -> Int {
        var e = b
        while e > a, isSpace[e - 1] { e -= 1 }
        return e
    }

    /// `a` moved forward over leading spaces (not past `b`).
    func trimmedStart(_ a: Int, _ b: Int) -> Int {
        var s = a
        while s < b, isSpace[s] { s += 1 }
        return s
    }

    /// The units a..<b as (scalar, cluster-start) pairs, to reshape after cutting.
    func units(_ a: Int, _ b: Int) -> [(Unicode.Scalar, Bool)] {
        (a..<b).map { (scalars[$0], clusterStart[$0]) }
    }
}
