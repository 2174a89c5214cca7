import Foundation

/// An axis-aligned box of the hash's items.
struct GridBox {
    var minX: Float
    var minY: Float
    var maxX: Float
    var maxY: Float
}

/// A spatial hash of axis-aligned boxes: square cells of a fixed size, hashed into a power-of-two
/// bucket table in compressed rows (bucket b holds `items[bucketStart[b] ..< bucketStart[b + 1]]`).
/// Unbounded in extent, so a body far away does not coarsen the cells everyone else uses; a box
/// spanning more than `maximumCellsPerBox` cells goes to a short list every query checks.
final class SpatialHash {
    private(set) var inverseCell: Float = 1
    private(set) var mask = 0
    let bucketStart = PodBuffer<Int32>()
    let items = PodBuffer<Int32>()
    let oversized = PodBuffer<Int32>()
    private let fill = PodBuffer<Int32>()

    /// Boxes covering more cells than this are checked by every query instead.
    static let maximumCellsPerBox = 1024

    /// Rebuilds the hash over `count` boxes (item k is `boxes[k]`) with cells of `cellSize` points.
    func build(boxes: UnsafePointer<GridBox>, count: Int, cellSize: Float) {
        inverseCell = 1 / max(cellSize, 1)
        var buckets = 64
        while buckets < 8 * count { buckets <<= 1 }
        mask = buckets - 1
        bucketStart.reset(count: buckets + 1, to: 0)
        oversized.removeAll()
        let geometry = view
        let start = bucketStart.pointer
        for k in 0..<count {
            let b = boxes[k]
            let (x0, y0, x1, y1) = geometry.cellRange(b.minX, b.minY, b.maxX, b.maxY)
            guard x0 <= x1, y0 <= y1 else { continue }
            if (x1 - x0 + 1) * (y1 - y0 + 1) > Self.maximumCellsPerBox {
                oversized.append(Int32(k))
                continue
            }
            for y in y0...y1 { for x in x0...x1 { start[geometry.bucket(x, y) + 1] += 1 } }
        }
        for b in 0..<buckets { start[b + 1] += start[b] }
        items.reset(count: Int(start[buckets]), to: 0)
        fill.reset(count: buckets, to: 0)
        let out = items.pointer
        let next = fill.pointer
        for k in 0..<count {
            let b = boxes[k]
            let (x0, y0, x1, y1) = geometry.cellRange(b.minX, b.minY, b.maxX, b.maxY)
            guard x0 <= x1, y0 <= y1, (x1 - x0 + 1) * (y1 - y0 + 1) <= Self.maximumCellsPerBox else { continue }
            for y in y0...y1 {
                for x in x0...x1 {
                    let bucket = geometry.bucket(x, y)
                    out[Int(start[bucket] + next[bucket])] = Int32(k)
                    next[bucket] += 1
                }
            }
        }
    }

    /// The hash's geometry and buffer pointers as plain values for a hot loop (valid until rebuilt).
    var view: HashView {
        HashView(
            inverseCell: inverseCell, mask: mask, bucketStart: bucketStart.pointer, items: items.pointer,
            oversized: oversized.pointer, oversizedCount: oversized.count)
    }
}

/// A read-only copy of a spatial hash for lookups that touch no class.
struct HashView {
    let inverseCell: Float
    let mask: Int
    let bucketStart: UnsafeMutablePointer<Int32>
    let items: UnsafeMutablePointer<Int32>
    let oversized: UnsafeMutablePointer<Int32>
    let oversizedCount: Int

    /// Cell coordinates are clamped to ±2²⁴ (NaN to 0), so conversions never trap.
    @inline(__always)
    static func cell(_ v: Float) -> Int {
        let c = v.rounded(.down)
        return c >= -16_777_216 && c <= 16_777_216 ? Int(c) : (c > 0 ? 16_777_216 : -16_777_216)
    }

    /// The cells a box covers (x0 > x1 for NaN boxes).
    @inline(__always)
    func cellRange(_ minX: Float, _ minY: Float, _ maxX: Float, _ maxY: Float) -> (Int, Int, Int, Int) {
        guard minX <= maxX, minY <= maxY else { return (1, 1, 0, 0) }
        return (
            Self.cell(minX * inverseCell), Self.cell(minY * inverseCell), Self.cell(maxX * inverseCell),
            Self.cell(maxY * inverseCell)
        )
    }

    @inline(__always)
    func bucket(_ x: Int, _ y: Int) -> Int {
        ((x &* 73_856_093) ^ (y &* 19_349_663)) & mask
    }

    /// Calls `body` with every item whose cells meet the box (an item may come more than once; the
    /// oversized items come first, once).
    @inline(__always)
    func forEachCandidate(_ minX: Float, _ minY: Float, _ maxX: Float, _ maxY: Float, _ body: (Int) -> Void) {
        for i in 0..<oversizedCount { body(Int(oversized[i])) }
        let (x0, y0, x1, y1) = cellRange(minX, minY, maxX, maxY)
        guard x0 <= x1, y0 <= y1 else { return }
        // A query box spanning very many cells (a very fast particle) walks a capped number of them.
        let x1c = min(x1, x0 + 63)
        let y1c = min(y1, y0 + 63)
        for y in y0...y1c {
            for x in x0...x1c {
                let b = bucket(x, y)
                for k in Int(bucketStart[b])..<Int(bucketStart[b + 1]) { body(Int(items[k])) }
            }
        }
    }
}
