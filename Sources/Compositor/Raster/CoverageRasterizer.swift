import Foundation

/// Computes per-pixel coverage (0…255) of a `DeviceShape`, one band of rows at a time.
///
/// Anti-aliased polygons use signed-area accumulation (as FreeType's and font-rs's rasterisers do): each
/// edge adds, per row, the area it sweeps to the cells it crosses; a prefix sum along the row gives the
/// winding-weighted coverage, to which the fill rule is applied. Point-sampled polygons add ±1 at the first
/// pixel centre right of each crossing of the row's centre line. Every row's contribution is computed
/// from the original edge (never stepped from the band's first row), so results do not depend on how
/// rows are split into bands or threads.
enum CoverageRasterizer {
    /// Accumulates the edges of `shape` for rows `rows` and columns `cols` into `acc`
    /// (row r at `acc + (r − rows.lowerBound) × stride`, column x at offset `x − cols.lowerBound`).
    /// `acc` must be zero and hold `rows.count × stride` floats with `stride ≥ cols.count + 2`.
    static func accumulate(
        _ shape: DeviceShape, rows: Range<Int>, cols: Range<Int>, acc: UnsafeMutablePointer<Float>, stride: Int
    ) {
        guard case .edges(let edges) = shape.geometry, !rows.isEmpty, !cols.isEmpty else { return }
        let cx0 = Float(cols.lowerBound)
        let w = cols.count
        let r0 = rows.lowerBound
        let r1 = rows.upperBound
        edges.withUnsafeBufferPointer { es in
            if shape.antialiased {
                for e in es {
                    let ys = max(r0, Int(e.y0.rounded(.down)))
                    let ye = min(r1, Int(e.y1.rounded(.up)))
                    if ys >= ye { continue }
                    for y in ys..<ye {
                        let ya = max(e.y0, Float(y))
                        let yb = min(e.y1, Float(y + 1))
                        if yb <= ya { continue }
                        let xa = e.x0 + (ya - e.y0) * e.dxdy - cx0
                        let xb = e.x0 + (yb - e.y0) * e.dxdy - cx0
                        segment(acc + (y - r0) * stride, xa, xb, (yb - ya) * e.dir, w)
                    }
                }
            } else {
                for e in es {
                    // Rows whose centre y + ½ lies in [y0, y1).
                    let ys = max(r0, Int((e.y0 - 0.5).rounded(.up)))
                    let ye = min(r1, Int((e.y1 - 0.5).rounded(.up)))
                    if ys >= ye { continue }
                    for y in ys..<ye {
                        let x = e.x0 + (Float(y) + 0.5 - e.y0) * e.dxdy - cx0
                        let xf = (x - 0.5).rounded(.up)
                        let row = acc + (y - r0) * stride
                        if !(xf > 0) { row[0] += e.dir } else if xf < Float(w) { row[Int(xf)] += e.dir }
                    }
                }
            }
        }
    }

    /// Resolves one accumulated row into coverage bytes and clears the accumulator. Returns the first and
    /// last column (relative to the row start) with non-zero coverage, or nil when the row is empty.
    ///
    /// The running sum only changes at non-zero accumulator cells, which are few (the cells the edges
    /// cross), so the row is resolved run by run: the zero cells are found eight at a time and the bytes
    /// of a run between them are all the same. Every byte is the one `resolveScalar` writes (tested).
    @inline(__always)
    static func resolve(
        _ acc: UnsafeMutablePointer<Float>, count w: Int, rule: FillRule, into cov: UnsafeMutablePointer<UInt8>
    ) -> (Int, Int)? {
        var c: Float = 0
        var lo = -1
        var hi = -1
        var x = 0
        var b = UInt8(0)
        while x < w {
            let next = nextNonZero(acc, from: x, to: w)
            if next > x {
                // c is unchanged over [x, next).
                (cov + x).update(repeating: b, count: next - x)
                if b != 0 {
                    if lo < 0 { lo = x }
                    hi = next - 1
                }
            }
            if next >= w { break }
            c += acc[next]
            acc[next] = 0
            b = coverageByte(c, rule)
            cov[next] = b
            if b != 0 {
                if lo < 0 { lo = next }
                hi = next
            }
            x = next + 1
        }
        acc[w] = 0
        acc[w + 1] = 0
        return lo < 0 ? nil : (lo, hi)
    }

    /// The first index in [from, to) whose accumulator cell is not ±0, or `to`.
    @inline(__always)
    static func nextNonZero(_ acc: UnsafeMutablePointer<Float>, from: Int, to: Int) -> Int {
        var i = from
        let magnitude = SIMD8<UInt32>(repeating: 0x7FFF_FFFF)
        while i &+ 8 <= to {
            let v = UnsafeRawPointer(acc + i).loadUnaligned(as: SIMD8<UInt32>.self) & magnitude
            let q = unsafeBitCast(v, to: SIMD4<UInt64>.self)
            if q[0] | q[1] | q[2] | q[3] != 0 { break }
            i &+= 8
        }
        while i < to {
            if acc[i] != 0 { return i }
            i &+= 1
        }
        return to
    }

    /// Coverage byte of a running sum under a fill rule.
    @inline(__always)
    static func coverageByte(_ c: Float, _ rule: FillRule) -> UInt8 {
        var v = abs(c)
        if rule == .evenOdd {
            v = v - 2 * (v * 0.5).rounded(.down)
            if v > 1 { v = 2 - v }
        } else if v > 1 {
            v = 1
        }
        return UInt8(v * 255 + 0.5)
    }

    /// `resolve` one cell at a time: the reference the run-by-run form is tested against.
    static func resolveScalar(
        _ acc: UnsafeMutablePointer<Float>, count w: Int, rule: FillRule, into cov: UnsafeMutablePointer<UInt8>
    ) -> (Int, Int)? {
        var c: Float = 0
        var lo = -1
        var hi = -1
        for x in 0..<w {
            c += acc[x]
            acc[x] = 0
            let b = coverageByte(c, rule)
            cov[x] = b
            if b != 0 {
                if lo < 0 { lo = x }
                hi = x
            }
        }
        acc[w] = 0
        acc[w + 1] = 0
        return lo < 0 ? nil : (lo, hi)
    }

    /// The coverage of an axis-aligned rectangle on row `y`, columns `cols`. Returns the non-zero range.
    ///
    /// Columns wholly inside the rectangle share one value and those outside are zero, so only the (at
    /// most two) edge columns are computed; every byte is the one `rectRowScalar` writes (tested).
    static func rectRow(
        x0: Float, y0: Float, x1: Float, y1: Float, antialiased: Bool, y: Int, cols: Range<Int>,
        into cov: UnsafeMutablePointer<UInt8>
    ) -> (Int, Int)? {
        let c0 = cols.lowerBound
        if !antialiased {
            let yc = Float(y) + 0.5
            guard yc >= y0, yc < y1 else { return nil }
            let a = max(c0, Int((x0 - 0.5).rounded(.up)))
            let b = min(cols.upperBound, Int((x1 - 0.5).rounded(.up)))
            guard a < b else { return nil }
            cov.update(repeating: 0, count: a - c0)
            (cov + (a - c0)).update(repeating: 255, count: b - a)
            (cov + (b - c0)).update(repeating: 0, count: cols.upperBound - b)
            return (a - c0, b - 1 - c0)
        }
        let cy = min(Float(y + 1), y1) - max(Float(y), y0)
        guard cy > 0 else { return nil }
        // Columns [inner0, inner1) have cx = 1 exactly; columns outside [outer0, outer1) have cx ≤ 0.
        let lim: Float = 16_777_216
        let outer0 = min(max(c0, Int(max(-lim, min(lim, x0)).rounded(.down))), cols.upperBound)
        let outer1 = max(min(cols.upperBound, Int(max(-lim, min(lim, x1)).rounded(.up))), outer0)
        let inner0 = min(max(outer0, Int(max(-lim, min(lim, x0)).rounded(.up))), outer1)
        let inner1 = max(min(outer1, Int(max(-lim, min(lim, x1)).rounded(.down))), inner0)
        cov.update(repeating: 0, count: outer0 - c0)
        (cov + (outer1 - c0)).update(repeating: 0, count: cols.upperBound - outer1)
        @inline(__always) func byte(_ x: Int) -> UInt8 {
            let cx = min(Float(x + 1), x1) - max(Float(x), x0)
            let v = cx > 0 ? cx * cy : 0
            return UInt8(min(1, v) * 255 + 0.5)
        }
        for x in outer0..<inner0 { cov[x - c0] = byte(x) }
        if inner0 < inner1 { (cov + (inner0 - c0)).update(repeating: byte(inner0), count: inner1 - inner0) }
        for x in inner1..<outer1 { cov[x - c0] = byte(x) }
        var lo = outer0 - c0
        var hi = outer1 - 1 - c0
        while lo <= hi && cov[lo] == 0 { lo += 1 }
        while hi >= lo && cov[hi] == 0 { hi -= 1 }
        return lo > hi ? nil : (lo, hi)
    }

    /// `rectRow` one column at a time: the reference the run form is tested against.
    static func rectRowScalar(
        x0: Float, y0: Float, x1: Float, y1: Float, antialiased: Bool, y: Int, cols: Range<Int>,
        into cov: UnsafeMutablePointer<UInt8>
    ) -> (Int, Int)? {
        let c0 = cols.lowerBound
        if !antialiased {
            let yc = Float(y) + 0.5
            guard yc >= y0, yc < y1 else { return nil }
            let a = max(c0, Int((x0 - 0.5).rounded(.up)))
            let b = min(cols.upperBound, Int((x1 - 0.5).rounded(.up)))
            guard a < b else { return nil }
            for x in cols { cov[x - c0] = (x >= a && x < b) ? 255 : 0 }
            return (a - c0, b - 1 - c0)
        }
        let cy = min(Float(y + 1), y1) - max(Float(y), y0)
        guard cy > 0 else { return nil }
        var lo = -1
        var hi = -1
        for x in cols {
            let cx = min(Float(x + 1), x1) - max(Float(x), x0)
            let v = cx > 0 ? cx * cy : 0
            let b = UInt8(min(1, v) * 255 + 0.5)
            cov[x - c0] = b
            if b != 0 {
                if lo < 0 { lo = x - c0 }
                hi = x - c0
            }
        }
        return lo < 0 ? nil : (lo, hi)
    }

    // MARK: - Area accumulation of one segment within one row

    /// Adds a segment from x = xa to x = xb (columns relative to the row start) of signed height `d`.
    /// Parts left of column 0 count fully for every column; parts right of `w` do not matter.
    @inline(__always)
    private static func segment(_ row: UnsafeMutablePointer<Float>, _ xa: Float, _ xb: Float, _ d: Float, _ w: Int) {
        let fw = Float(w)
        let lo = min(xa, xb)
        let hi = max(xa, xb)
        if hi <= 0 {
            row[0] += d
            return
        }
        if lo >= fw { return }
        if lo < 0 {
            let t = (0 - xa) / (xb - xa)
            let dPart = d * t
            if xa < 0 {
                row[0] += dPart
                segment(row, 0, xb, d - dPart, w)
            } else {
                segment(row, xa, 0, dPart, w)
                row[0] += d - dPart
            }
            return
        }
        if hi > fw {
            let t = (fw - xa) / (xb - xa)
            if xa > fw { segment(row, fw, xb, d * (1 - t), w) } else { segment(row, xa, fw, d * t, w) }
            return
        }
        core(row, xa, xb, d)
    }

    /// font-rs's exact-area accumulation for a segment inside [0, w].
    @inline(__always)
    private static func core(_ row: UnsafeMutablePointer<Float>, _ xa: Float, _ xb: Float, _ d: Float) {
        let a = min(xa, xb)
        let b = max(xa, xb)
        let aFloor = a.rounded(.down)
        let ai = Int(aFloor)
        let bCeil = b.rounded(.up)
        let bi = Int(bCeil)
        if bi <= ai + 1 {
            let xmf = 0.5 * (xa + xb) - aFloor
            row[ai] += d - d * xmf
            row[ai + 1] += d * xmf
            return
        }
        let s = 1 / (b - a)
        let x0f = a - aFloor
        let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
        let x1f = b - bCeil + 1
        let am = 0.5 * s * x1f * x1f
        row[ai] += d * a0
        if bi == ai + 2 {
            row[ai + 1] += d * (1 - a0 - am)
        } else {
            let a1 = s * (1.5 - x0f)
            row[ai + 1] += d * (a1 - a0)
            var xi = ai + 2
            while xi < bi - 1 {
                row[xi] += d * s
                xi += 1
            }
            let a2 = a1 + Float(bi - ai - 3) * s
            row[bi - 1] += d * (1 - a2 - am)
        }
        row[bi] += d * am
    }
}
