import Foundation

/// A uniform grid of axis-aligned boxes in compressed rows: cell c holds
/// `items[cellStart[c] ..< cellStart[c + 1]]`. Built in two passes (count, then fill), so each array
/// is one allocation, reused from build to build.
final class UniformGrid {
    private(set) var originX: Float = 0
    private(set) var originY: Float = 0
    private(set) var inverseCell: Float = 1
    private(set) var columns = 0
    private(set) var rows = 0
    let cellStart = PodBuffer<Int32>()
    let items = PodBuffer<Int32>()

    /// The largest number of cells along one axis.
    static let maximumCellsPerAxis = 256

    /// Rebuilds the grid over `count` boxes, item k being box k. `cellSize` is a hint, raised so that
    /// no axis has more than `maximumCellsPerAxis` cells.
    func build(count: Int, cellSize hint: Float, box: (Int) -> (Float, Float, Float, Float)) {
        items.removeAll()
        guard count > 0 else {
            (columns, rows) = (0, 0)
            cellStart.reset(count: 1, to: 0)
            return
        }
        var minX = Float.infinity, minY = Float.infinity, maxX = -Float.infinity, maxY = -Float.infinity
        for k in 0..<count {
            let b = box(k)
            minX = min(minX, b.0); minY = min(minY, b.1); maxX = max(maxX, b.2); maxY = max(maxY, b.3)
        }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else {
            (columns, rows) = (0, 0)
            cellStart.reset(count: 1, to: 0)
            return
        }
        let extent = max(maxX - minX, maxY - minY, 1)
        let cell = max(hint, extent / Float(Self.maximumCellsPerAxis), 1)
        originX = minX
        originY = minY
        inverseCell = 1 / cell
        columns = min(Int((maxX - minX) * inverseCell) + 1, Self.maximumCellsPerAxis + 1)
        rows = min(Int((maxY - minY) * inverseCell) + 1, Self.maximumCellsPerAxis + 1)
        let cells = columns * rows
        cellStart.reset(count: cells + 1, to: 0)
        let start = cellStart.pointer
        for k in 0..<count {
            let b = box(k)
            let (c0, r0, c1, r1) = cellRange(b.0, b.1, b.2, b.3)
            guard c0 <= c1, r0 <= r1 else { continue }
            for r in r0...r1 { for c in c0...c1 { start[r * columns + c + 1] += 1 } }
        }
        // Prefix sums: start[c] is where cell c's items begin; start[cells] the total.
        for c in 0..<cells { start[c + 1] += start[c] }
        let total = Int(start[cells])
        items.reset(count: total, to: 0)
        let fill = PodBuffer<Int32>(capacity: cells)
        fill.reset(count: cells, to: 0)
        for k in 0..<count {
            let b = box(k)
            let (c0, r0, c1, r1) = cellRange(b.0, b.1, b.2, b.3)
            guard c0 <= c1, r0 <= r1 else { continue }
            for r in r0...r1 {
                for c in c0...c1 {
                    let cellIndex = r * columns + c
                    items[Int(start[cellIndex] + fill[cellIndex])] = Int32(k)
                    fill[cellIndex] += 1
                }
            }
        }
    }

    /// The cells overlapping a box, clamped to the grid (c0 > c1 when the box misses the grid).
    @inline(__always)
    func cellRange(_ minX: Float, _ minY: Float, _ maxX: Float, _ maxY: Float) -> (Int, Int, Int, Int) {
        let fx0 = (minX - originX) * inverseCell, fy0 = (minY - originY) * inverseCell
        let fx1 = (maxX - originX) * inverseCell, fy1 = (maxY - originY) * inverseCell
        // NaN fails every comparison and lands outside the grid.
        guard columns > 0, fx1 >= 0, fy1 >= 0, fx0 < Float(columns), fy0 < Float(rows) else { return (1, 1, 0, 0) }
        let c0 = fx0 > 0 ? Int(fx0) : 0, r0 = fy0 > 0 ? Int(fy0) : 0
        let c1 = fx1 < Float(columns - 1) ? Int(fx1) : columns - 1
        let r1 = fy1 < Float(rows - 1) ? Int(fy1) : rows - 1
        return (c0, r0, c1, r1)
    }
}
