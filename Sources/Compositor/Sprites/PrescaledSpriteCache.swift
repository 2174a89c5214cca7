import Foundation

/// Sprite images resampled to the integer device sizes they are drawn at, so that scaled (unrotated)
/// particles use the same 1:1 blit loop as unscaled ones.
///
/// Minification averages the source texels under each destination pixel (a box filter, or the centre
/// texel for the nearest filter); magnification is bilinear (or nearest). Entries unused for a while, or
/// beyond the memory budget, are dropped between frames.
final class PrescaledSpriteCache {
    private struct Key: Hashable {
        let source: ObjectIdentifier
        let width: Int32, height: Int32
        let nearestMin: Bool, nearestMag: Bool
    }

    private struct Entry {
        let source: Texture
        let scaled: Texture
        var lastUse: Int
    }

    private var entries: [Key: Entry] = [:]
    private var frame = 0
    private var bytes = 0
    /// Memory budget in bytes. Default 64 MiB.
    var budget = 64 << 20

    /// The image of `source` resampled to `width × height` pixels.
    func texture(_ source: Texture, width: Int, height: Int, nearestMin: Bool, nearestMag: Bool) -> Texture {
        let key = Key(
            source: ObjectIdentifier(source), width: Int32(width), height: Int32(height), nearestMin: nearestMin,
            nearestMag: nearestMag)
        if var e = entries[key], e.source === source {
            if e.lastUse != frame {
                e.lastUse = frame
                entries[key] = e
            }
            return e.scaled
        }
        let t = PrescaledSpriteCache.resample(
            source, width: width, height: height, nearestMin: nearestMin, nearestMag: nearestMag)
        entries[key] = Entry(source: source, scaled: t, lastUse: frame)
        bytes += width * height * 4
        return t
    }

    /// Ends a frame: drops entries unused for 60 frames, and the oldest ones beyond the budget.
    func endFrame() {
        frame += 1
        guard frame % 8 == 0 || bytes > budget else { return }
        entries = entries.filter { frame - $0.value.lastUse <= 60 }
        if entries.values.reduce(0, { $0 + $1.scaled.width * $1.scaled.height * 4 }) > budget {
            let sorted = entries.sorted { $0.value.lastUse > $1.value.lastUse }
            var kept: [Key: Entry] = [:]
            var total = 0
            for (k, e) in sorted {
                let b = e.scaled.width * e.scaled.height * 4
                if total + b > budget { break }
                kept[k] = e
                total += b
            }
            entries = kept
        }
        bytes = entries.values.reduce(0) { $0 + $1.scaled.width * $1.scaled.height * 4 }
    }

    /// Number of cached sizes.
    var count: Int { entries.count }

    // MARK: - Resampling

    /// Taps of one axis: for each destination index, (source index, weight) pairs summing to 1.
    static func taps(source n: Int, destination m: Int, nearestMin: Bool, nearestMag: Bool) -> [[(Int, Double)]] {
        let scale = Double(n) / Double(m)
        return (0..<m).map { j in
            let centre = (Double(j) + 0.5) * scale
            if scale > 1 {
                if nearestMin { return [(min(n - 1, Int(centre)), 1)] }
                let a = Double(j) * scale
                let b = Double(j + 1) * scale
                var out: [(Int, Double)] = []
                var i = Int(a)
                while Double(i) < b && i < n {
                    let w = min(b, Double(i + 1)) - max(a, Double(i))
                    if w > 0 { out.append((i, w / scale)) }
                    i += 1
                }
                return out
            }
            if nearestMag { return [(min(n - 1, Int(centre)), 1)] }
            let f = centre - 0.5
            let i0 = Int(f.rounded(.down))
            let w1 = f - f.rounded(.down)
            return [(min(max(i0, 0), n - 1), 1 - w1), (min(max(i0 + 1, 0), n - 1), w1)]
        }
    }

    /// Taps of one axis flattened for the resampling loops: destination j reads `count[j]` pairs from
    /// `first[j]` on (the same pairs, in the same order, as `taps`).
    private struct FlatTaps {
        var first: [Int32] = [], count: [Int32] = [], index: [Int32] = [], weight: [Double] = []

        init(_ taps: [[(Int, Double)]]) {
            for t in taps {
                first.append(Int32(index.count))
                count.append(Int32(t.count))
                for (i, w) in t {
                    index.append(Int32(i))
                    weight.append(w)
                }
            }
        }
    }

    /// `src` resampled to `width × height`. The arithmetic is per destination pixel the sum, in tap
    /// order, of weight × texel in double precision, first along x then along y, so the result does not
    /// depend on how the loops below are arranged (one conversion per source texel, rows accumulated
    /// contiguously).
    static func resample(_ src: Texture, width: Int, height: Int, nearestMin: Bool, nearestMag: Bool) -> Texture {
        let w = max(1, width)
        let h = max(1, height)
        let out = Texture(width: w, height: h)
        let tx = FlatTaps(taps(source: src.width, destination: w, nearestMin: nearestMin, nearestMag: nearestMag))
        let ty = FlatTaps(taps(source: src.height, destination: h, nearestMin: nearestMin, nearestMag: nearestMag))
        let sw = src.width
        let sh = src.height
        let line = UnsafeMutablePointer<SIMD4<Double>>.allocate(capacity: sw)
        let tmp = UnsafeMutablePointer<SIMD4<Double>>.allocate(capacity: w * sh)
        let acc = UnsafeMutablePointer<SIMD4<Double>>.allocate(capacity: w)
        defer {
            line.deallocate()
            tmp.deallocate()
            acc.deallocate()
        }
        tx.first.withUnsafeBufferPointer { xFirst in
            tx.count.withUnsafeBufferPointer { xCount in
                tx.index.withUnsafeBufferPointer { xIndex in
                    tx.weight.withUnsafeBufferPointer { xWeight in
                        // Horizontal pass into doubles.
                        for y in 0..<sh {
                            let row = src.pixels + y * sw
                            for i in 0..<sw {
                                let p = row[i]
                                line[i] = SIMD4(
                                    Double(p & 0xFF), Double((p >> 8) & 0xFF), Double((p >> 16) & 0xFF), Double(p >> 24)
                                )
                            }
                            let t = tmp + y * w
                            for x in 0..<w {
                                var a = SIMD4<Double>.zero
                                let f = Int(xFirst[x])
                                for k in f..<(f + Int(xCount[x])) { a += xWeight[k] * line[Int(xIndex[k])] }
                                t[x] = a
                            }
                        }
                    }
                }
            }
        }
        // Vertical pass: each destination row sums its source rows of `tmp` (tap order kept per pixel).
        ty.index.withUnsafeBufferPointer { yIndex in
            ty.weight.withUnsafeBufferPointer { yWeight in
                func q(_ v: Double) -> UInt32 { UInt32(min(255, max(0, v.rounded()))) }
                for y in 0..<h {
                    acc.initialize(repeating: .zero, count: w)
                    let f = Int(ty.first[y])
                    for k in f..<(f + Int(ty.count[y])) {
                        let wt = yWeight[k]
                        let r = tmp + Int(yIndex[k]) * w
                        for x in 0..<w { acc[x] += wt * r[x] }
                    }
                    let o = out.pixels + y * w
                    for x in 0..<w {
                        let v = acc[x]
                        let a = q(v.w)
                        o[x] = PixelMath.pack(min(q(v.x), a), min(q(v.y), a), min(q(v.z), a), a)
                    }
                }
            }
        }
        return out
    }
}
