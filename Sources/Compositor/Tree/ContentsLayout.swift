import Foundation
import LayerKit

/// Where a layer's contents image goes inside its bounds and which texels each point shows.
///
/// - `contentsRect` (unit coordinates of the image) selects the source texels.
/// - `contentsGravity` places the selected part: the three resize modes scale it, the nine others keep
///   its size in points (texels ÷ contentsScale). As Apple's header says, "bottom" means minimum y and
///   "top" maximum y of the layer's own coordinates, so on an unflipped y-down screen `.top` puts the
///   image at the bottom edge (the well-known iOS quirk).
/// - `contentsCenter` (unit coordinates of the selected part) is the stretchable middle: the edges keep
///   their size in points, the middle stretches (nine-slice). When the destination is smaller than the
///   edges, the edges shrink proportionally.
/// - When the layer's contents are flipped (an odd number of geometry-flipped superlayers), the image is
///   mirrored vertically so that it stays upright on screen, as Core Animation keeps it.
struct ContentsLayout {
    /// The destination rectangle in the layer's coordinates.
    var destination: CGRect
    /// Layer coordinate → texel coordinate, per axis.
    var xMap: AxisMap, yMap: AxisMap
    /// The source texels: [x0, x1) × [y0, y1).
    var region: (x0: Float, y0: Float, x1: Float, y1: Float)

    init?(
        bounds b: CGRect, imageWidth: Int, imageHeight: Int, contentsScale: CGFloat, contentsRect: CGRect,
        gravity: CALayerContentsGravity, contentsCenter: CGRect, flipped: Bool
    ) {
        let cr = contentsRect.standardized
        guard b.width > 0, b.height > 0, contentsScale > 0, contentsScale.isFinite,
            [cr.minX, cr.minY, cr.width, cr.height].allSatisfy(\.isFinite), cr.width > 0, cr.height > 0
        else { return nil }
        let iw = Double(imageWidth)
        let ih = Double(imageHeight)
        // Source texels (contentsRect may reach outside the image: the edge texels repeat there).
        let sx0 = Double(cr.minX) * iw
        let sy0 = Double(cr.minY) * ih
        let sw = Double(cr.width) * iw
        let sh = Double(cr.height) * ih
        let cw = sw / Double(contentsScale)
        let ch = sh / Double(contentsScale)
        let bx = Double(b.minX)
        let by = Double(b.minY)
        let bw = Double(b.width)
        let bh = Double(b.height)

        var d: (x: Double, y: Double, w: Double, h: Double)
        switch gravity {
        case .resizeAspect, .resizeAspectFill:
            let s = gravity == .resizeAspect ? min(bw / cw, bh / ch) : max(bw / cw, bh / ch)
            d = (bx + (bw - cw * s) / 2, by + (bh - ch * s) / 2, cw * s, ch * s)
        case .center: d = (bx + (bw - cw) / 2, by + (bh - ch) / 2, cw, ch)
        case .top: d = (bx + (bw - cw) / 2, by + bh - ch, cw, ch)
        case .bottom: d = (bx + (bw - cw) / 2, by, cw, ch)
        case .left: d = (bx, by + (bh - ch) / 2, cw, ch)
        case .right: d = (bx + bw - cw, by + (bh - ch) / 2, cw, ch)
        case .topLeft: d = (bx, by + bh - ch, cw, ch)
        case .topRight: d = (bx + bw - cw, by + bh - ch, cw, ch)
        case .bottomLeft: d = (bx, by, cw, ch)
        case .bottomRight: d = (bx + bw - cw, by, cw, ch)
        default: d = (bx, by, bw, bh)  // .resize and unknown values
        }
        guard d.w > 0, d.h > 0, d.w.isFinite, d.h.isFinite else { return nil }
        destination = CGRect(x: d.x, y: d.y, width: d.w, height: d.h)

        var cc = contentsCenter.standardized
        if ![cc.minX, cc.minY, cc.width, cc.height].allSatisfy(\.isFinite) {
            cc = CGRect(x: 0, y: 0, width: 1, height: 1)
        }
        let ccx0 = min(1, max(0, Double(cc.minX)))
        let ccx1 = min(1, max(ccx0, Double(cc.maxX)))
        let ccy0 = min(1, max(0, Double(cc.minY)))
        let ccy1 = min(1, max(ccy0, Double(cc.maxY)))
        let scale = Double(contentsScale)
        xMap = ContentsLayout.axis(
            destination: d.x, length: d.w, source: sx0, sourceLength: sw,
            capLow: ccx0, capHigh: 1 - ccx1, scale: scale, mirrored: false)
        yMap = ContentsLayout.axis(
            destination: d.y, length: d.h, source: sy0, sourceLength: sh,
            capLow: ccy0, capHigh: 1 - ccy1, scale: scale, mirrored: flipped)
        region = (Float(max(0, sx0)), Float(max(0, sy0)), Float(min(iw, sx0 + sw)), Float(min(ih, sy0 + sh)))
        if region.x1 <= region.x0 || region.y1 <= region.y0 {
            // contentsRect entirely outside the image: clamp to the nearest edge texels.
            region = (
                Float(min(max(0, sx0), iw - 1)), Float(min(max(0, sy0), ih - 1)),
                Float(min(max(1, sx0 + sw), iw)), Float(min(max(1, sy0 + sh), ih))
            )
        }
    }

    /// The map of one axis. `capLow`/`capHigh` are the fixed edge parts in unit coordinates of the source;
    /// with both 0 and a full middle this is a single linear piece.
    static func axis(
        destination d0: Double, length dl: Double, source s0: Double, sourceLength sl: Double,
        capLow: Double, capHigh: Double, scale: Double, mirrored: Bool
    ) -> AxisMap {
        // When mirrored, lay out the mirrored source and mirror the texel coordinates back.
        let lowCap = mirrored ? capHigh : capLow
        let highCap = mirrored ? capLow : capHigh
        func texel(_ t: Double) -> Double { mirrored ? s0 + sl - t : s0 + t }  // t: distance into the source
        if lowCap == 0 && highCap == 0 && capLow + capHigh == 0 {
            let k = sl / dl
            // distance = (v − d0)·k, texel = s0 + distance (or mirrored).
            let s = mirrored ? -k : k
            let o = texel(-d0 * k)
            return AxisMap.linear(scale: Float(s), offset: Float(o))
        }
        let lowSrc = lowCap * sl
        let highSrc = highCap * sl
        var lowDst = lowSrc / scale
        var highDst = highSrc / scale
        if lowDst + highDst > dl {
            let f = dl / (lowDst + highDst)
            lowDst *= f
            highDst *= f
        }
        let b1 = d0 + lowDst
        let b2 = d0 + dl - highDst
        let midSrc = sl - lowSrc - highSrc
        let midDst = b2 - b1
        // Piece 0: [d0, b1) → [0, lowSrc); piece 1: [b1, b2) → [lowSrc, sl − highSrc); piece 2: → [sl − highSrc, sl).
        let k0 = lowDst > 0 ? lowSrc / lowDst : 0
        let k1 = midDst > 0 ? midSrc / midDst : 0
        let k2 = highDst > 0 ? highSrc / highDst : 0
        let sign: Double = mirrored ? -1 : 1
        let m = AxisMap(
            b1: Float(b1), b2: Float(b2),
            s0: Float(sign * k0), o0: Float(texel(-d0 * k0)),
            s1: Float(sign * k1),
            o1: Float(texel(lowSrc + (midDst > 0 ? -b1 * k1 : 0) + (midDst > 0 ? 0 : midSrc / 2))),
            s2: Float(sign * k2), o2: Float(texel(sl - highSrc - b2 * k2)))
        return m
    }
}
