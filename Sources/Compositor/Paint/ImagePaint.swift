import Foundation
import LayerKit

/// Layer contents as a paint: each device pixel is mapped back to the layer's plane (perspective-correct),
/// then through the contents layout (gravity, contentsRect, nine-slice) to texel coordinates and sampled
/// with the layer's magnification or minification filter (nearest, linear, or trilinear with mipmaps).
final class ImagePaint {
    let texture: Texture
    let inverse: InverseMap
    let xMap: AxisMap, yMap: AxisMap
    /// The sampled sub-image in level-0 texels (contentsRect): [x0, x1) × [y0, y1).
    let region: (x0: Float, y0: Float, x1: Float, y1: Float)
    let magnification: CALayerContentsFilter
    let minification: CALayerContentsFilter
    let lodBias: Float
    /// Texels per device pixel for affine maps (constant); nil when it varies per pixel.
    private let constantFootprint: Float?
    /// Exact 1:1 copy: texel = pixel + offset (no filtering needed).
    private let copyOffset: (dx: Int, dy: Int)?

    init(
        texture: Texture, inverse: InverseMap, xMap: AxisMap, yMap: AxisMap,
        region: (x0: Float, y0: Float, x1: Float, y1: Float),
        magnification: CALayerContentsFilter, minification: CALayerContentsFilter, lodBias: Float
    ) {
        self.texture = texture
        self.inverse = inverse
        self.xMap = xMap
        self.yMap = yMap
        self.region = region
        self.magnification = magnification
        self.minification = minification
        self.lodBias = lodBias
        if inverse.isAffine {
            let sx = xMap.s1
            let sy = yMap.s1
            let ax = inverse.m11 * sx
            let ay = inverse.m12 * sy
            let bx = inverse.m21 * sx
            let by = inverse.m22 * sy
            constantFootprint = max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
            if xMap.isSinglePiece, yMap.isSinglePiece, ax == 1, by == 1, ay == 0, bx == 0 {
                // texel(px + ½) = px + ½ + offset: a copy when the offset is a whole number.
                let ox = inverse.m31 * sx + xMap.o1
                let oy = inverse.m32 * sy + yMap.o1
                if ox == ox.rounded(), oy == oy.rounded(), abs(ox) < 1e7, abs(oy) < 1e7 {
                    copyOffset = (Int(ox), Int(oy))
                } else {
                    copyOffset = nil
                }
            } else {
                copyOffset = nil
            }
        } else {
            constantFootprint = nil
            copyOffset = nil
        }
    }

    /// Writes the premultiplied colour of pixels `x0 ..< x0 + count` of row `y` to `out`.
    func shade(y: Int, x0: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let rx0 = Int(region.x0.rounded(.down))
        let rx1 = Int(region.x1.rounded(.up)) - 1
        let ry0 = Int(region.y0.rounded(.down))
        let ry1 = Int(region.y1.rounded(.up)) - 1
        if let c = copyOffset {
            let ty = min(max(y + c.dy, ry0), ry1)
            let row = texture.pixels + ty * texture.width
            for i in 0..<count { out[i] = row[min(max(x0 + i + c.dx, rx0), rx1)] }
            return
        }
        let py = Float(y) + 0.5
        if inverse.isAffine, xMap.isSinglePiece, yMap.isSinglePiece, let rho = constantFootprint,
            (rho > 1 ? minification : magnification) != .trilinear || rho <= 1
        {
            // Affine and one piece: texel = A·px + (B·py + C) per axis, no divide, one filter for the span.
            let ax = inverse.m11 * xMap.s1
            let cx = (inverse.m21 * py + inverse.m31) * xMap.s1 + xMap.o1
            let ay = inverse.m12 * yMap.s1
            let cy = (inverse.m22 * py + inverse.m32) * yMap.s1 + yMap.o1
            let nearest = (rho > 1 ? minification : magnification) == .nearest
            for i in 0..<count {
                let px = Float(x0 + i) + 0.5
                let tx = ax * px + cx
                let ty = ay * px + cy
                out[i] =
                    nearest
                    ? Sampler.nearest(texture, tx, ty, rx0, ry0, rx1, ry1)
                    : Sampler.bilinear(texture, tx, ty, rx0, ry0, rx1, ry1)
            }
            return
        }
        for i in 0..<count {
            let px = Float(x0 + i) + 0.5
            guard let m = inverse.mapWithJacobian(px, py) else {
                out[i] = 0
                continue
            }
            let tx = xMap.eval(m.0)
            let ty = yMap.eval(m.1)
            let rho: Float
            if let f = constantFootprint {
                rho = f
            } else {
                let sx = xMap.scale(at: m.0)
                let sy = yMap.scale(at: m.1)
                let ax = m.2 * sx
                let ay = m.3 * sy
                let bx = m.4 * sx
                let by = m.5 * sy
                rho = max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
            }
            let filter = rho > 1 ? minification : magnification
            switch filter {
            case .nearest:
                out[i] = Sampler.nearest(texture, tx, ty, rx0, ry0, rx1, ry1)
            case .trilinear where rho > 1:
                out[i] = trilinear(tx, ty, rho)
            default:
                out[i] = Sampler.bilinear(texture, tx, ty, rx0, ry0, rx1, ry1)
            }
        }
    }

    private func trilinear(_ tx: Float, _ ty: Float, _ rho: Float) -> UInt32 {
        let lambda = log2(rho) + lodBias
        let maxLevel = texture.maxMipLevel
        if !(lambda > 0) { return sample(level: 0, tx, ty) }
        let l = Int(lambda.rounded(.down))
        if l >= maxLevel { return sample(level: maxLevel, tx, ty) }
        let f = lambda - Float(l)
        let a = sample(level: l, tx, ty)
        let b = sample(level: l + 1, tx, ty)
        return Sampler.lerp(a, b, UInt32(f * 256))
    }

    private func sample(level: Int, _ tx: Float, _ ty: Float) -> UInt32 {
        let t = texture.mip(level)
        let sx = Float(t.width) / Float(texture.width)
        let sy = Float(t.height) / Float(texture.height)
        let rx0 = Int((region.x0 * sx).rounded(.down))
        let rx1 = max(rx0, Int((region.x1 * sx).rounded(.up)) - 1)
        let ry0 = Int((region.y0 * sy).rounded(.down))
        let ry1 = max(ry0, Int((region.y1 * sy).rounded(.up)) - 1)
        return Sampler.bilinear(t, tx * sx, ty * sy, rx0, ry0, rx1, ry1)
    }
}

/// Texture sampling with clamping to a sub-image.
enum Sampler {
    @inline(__always)
    static func clampIndex(_ v: Float, _ lo: Int, _ hi: Int) -> Int {
        guard v.isFinite else { return lo }
        if v <= Float(lo) { return lo }
        if v >= Float(hi) { return hi }
        return Int(v)
    }

    /// The texel containing (tx, ty), clamped to [x0, x1] × [y0, y1].
    @inline(__always)
    static func nearest(_ t: Texture, _ tx: Float, _ ty: Float, _ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> UInt32 {
        let ix = clampIndex(tx.rounded(.down), x0, x1)
        let iy = clampIndex(ty.rounded(.down), y0, y1)
        return t.pixels[iy * t.width + ix]
    }

    /// Bilinear interpolation of the four texels around (tx, ty) (texel centres at +½), clamped.
    @inline(__always)
    static func bilinear(_ t: Texture, _ tx: Float, _ ty: Float, _ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> UInt32 {
        let fx = tx - 0.5
        let fy = ty - 0.5
        guard fx.isFinite, fy.isFinite else { return 0 }
        let flx = fx.rounded(.down)
        let fly = fy.rounded(.down)
        let wx = UInt32(min(255, max(0, (fx - flx) * 256)))
        let wy = UInt32(min(255, max(0, (fy - fly) * 256)))
        let xa = clampIndex(flx, x0, x1)
        let xb = clampIndex(flx + 1, x0, x1)
        let ya = clampIndex(fly, y0, y1)
        let yb = clampIndex(fly + 1, y0, y1)
        let ra = t.pixels + ya * t.width
        let rb = t.pixels + yb * t.width
        let top = lerp(ra[xa], ra[xb], wx)
        let bottom = lerp(rb[xa], rb[xb], wx)
        return lerp(top, bottom, wy)
    }

    /// `a·(256 − w) + b·w`, per channel, w in 0…256.
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        if w == 0 { return a }
        let iw = 256 &- w
        let rb = (((a & 0x00FF_00FF) &* iw &+ (b & 0x00FF_00FF) &* w &+ 0x0080_0080) &>> 8) & 0x00FF_00FF
        let ga = (((a &>> 8) & 0x00FF_00FF) &* iw &+ ((b &>> 8) & 0x00FF_00FF) &* w &+ 0x0080_0080) & 0xFF00_FF00
        return rb | ga
    }
}
