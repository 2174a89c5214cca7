import Foundation

/// Prepares shadows before the band pass: draws the shadow's shape (the layer's content alpha, or its
/// shadowPath) into an alpha buffer, shifted by the offset, and blurs it with three box passes per axis
/// (a close approximation of a Gaussian of standard deviation σ).
enum ShadowRenderer {
    /// Fills `shadow.alpha`. Nested shadows inside the source must already be prepared.
    static func prepare(_ shadow: ShadowOp, executor: BandExecutor, pool: BufferPool, bandHeight: Int) {
        let b = shadow.bounds
        guard !b.isEmpty else { return }
        // The source is drawn where the content is: the shadow's rectangle moved back by the offset.
        let srcRect = b.offsetBy(dx: -shadow.dx, dy: -shadow.dy)
        let buffer = pool.borrow(b.width * b.height)
        let target = buffer.target(srcRect)
        target.clear(rows: srcRect.y0..<srcRect.y1)
        switch shadow.source {
        case .shape(let shape):
            executor.run(
                [.fill(FillOp(shape: shape, paint: .solid(0xFF00_0000), tint: .identity))], into: target,
                bandHeight: bandHeight)
        case .content(let ops): executor.run(ops, into: target, bandHeight: bandHeight)
        }
        let n = b.width * b.height
        for i in 0..<n { shadow.alpha[i] = UInt8(buffer.pixels[i] >> 24) }
        blur(shadow.alpha, width: b.width, height: b.height, sigma: shadow.sigma, threads: executor.threads)
    }

    /// Box sizes whose three passes approximate a Gaussian of standard deviation `sigma`
    /// (Kovesi's "boxes for Gauss").
    static func boxRadii(sigma: Double) -> [Int] {
        guard sigma > 0.2 else { return [] }
        let n = 3.0
        let wIdeal = (12 * sigma * sigma / n + 1).squareRoot()
        var wl = Int(wIdeal.rounded(.down))
        if wl % 2 == 0 { wl -= 1 }
        let wu = wl + 2
        let mIdeal = (12 * sigma * sigma - n * Double(wl * wl) - 4 * n * Double(wl) - 3 * n) / (-4 * Double(wl) - 4)
        let m = Int(mIdeal.rounded())
        return (0..<3).map { ($0 < m ? wl : wu) / 2 }
    }

    /// In-place blur of an alpha plane; rows and columns run in parallel (each independent, so the
    /// result does not depend on the thread count).
    static func blur(_ a: UnsafeMutablePointer<UInt8>, width: Int, height: Int, sigma: Double, threads: Int) {
        let radii = boxRadii(sigma: sigma)
        guard !radii.isEmpty, width > 0, height > 0 else { return }
        let lines = { (count: Int, body: (Int) -> Void) in
            if threads > 1 && count > 16 {
                let per = (count + threads * 4 - 1) / (threads * 4)
                DispatchQueue.concurrentPerform(iterations: (count + per - 1) / per) { c in
                    for i in (c * per)..<min(count, (c + 1) * per) { body(i) }
                }
            } else {
                for i in 0..<count { body(i) }
            }
        }
        lines(height) { y in
            let tmp = UnsafeMutablePointer<UInt8>.allocate(capacity: width)
            defer { tmp.deallocate() }
            for r in radii { boxLine(a + y * width, step: 1, count: width, radius: r, tmp: tmp) }
        }
        lines(width) { x in
            let tmp = UnsafeMutablePointer<UInt8>.allocate(capacity: height)
            defer { tmp.deallocate() }
            for r in radii { boxLine(a + x, step: width, count: height, radius: r, tmp: tmp) }
        }
    }

    /// One box pass of radius `r` along a line (values outside the line count as 0).
    private static func boxLine(
        _ p: UnsafeMutablePointer<UInt8>, step: Int, count: Int, radius r: Int, tmp: UnsafeMutablePointer<UInt8>
    ) {
        guard r > 0 else { return }
        for i in 0..<count { tmp[i] = p[i * step] }
        let d = 2 * r + 1
        var sum = 0
        for i in 0..<min(count, r) { sum += Int(tmp[i]) }
        for i in 0..<count {
            let add = i + r
            let sub = i - r - 1
            if add < count { sum += Int(tmp[add]) }
            if sub >= 0 { sum -= Int(tmp[sub]) }
            p[i * step] = UInt8((sum + d / 2) / d)
        }
    }
}
