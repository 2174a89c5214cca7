import Foundation
import LayerKit

// MARK: - Trail parameters

/// A cell's trail for one step (docs/Particles.md, "Trails"), read from `CAEmitterCell.trail` with
/// values that fail `ParticleTrail.validate()` leaving the cell without a trail.
struct TrailParameters {
    /// Seconds of samples kept (+∞: no limit in time).
    var duration: Double
    /// Points of path drawn (+∞: no limit in length).
    var length: Float
    /// Width at the head, points.
    var width: Float
    var widthCurve: ParticleCurveKernel?
    var colorCurve: ParticleColorKernel?
    var drawsParticle: Bool
    /// Stored points over the cell's particles.
    var maxPoints: Int
    /// The values as the state hash mixes them in.
    var hashed: [Double]

    init?(cell: CAEmitterCell) {
        guard let t = cell.trail, (try? t.validate()) != nil else { return nil }
        duration = t.duration.map(Double.init) ?? .infinity
        length = t.length.map(Float.init) ?? .infinity
        width = Float(t.width)
        widthCurve = t.widthOverTrail?.kernel
        colorCurve = t.colorOverTrail?.kernels
        drawsParticle = t.drawsParticle
        maxPoints = t.maxPoints
        hashed = [duration, Double(length), Double(width), drawsParticle ? 1 : 0, Double(maxPoints)]
        if let w = t.widthOverTrail {
            hashed += [1, Double(ParticleCurveInterpolation.allCases.firstIndex(of: w.interpolation) ?? 0)]
            for (t, v) in zip(w.times, w.values) { hashed += [Double(t), Double(v)] }
        }
        if let c = t.colorOverTrail {
            hashed += [2, Double(ParticleCurveInterpolation.allCases.firstIndex(of: c.interpolation) ?? 0)]
            for (t, k) in zip(c.times, c.colors) {
                hashed += [Double(t), Double(k.red), Double(k.green), Double(k.blue), Double(k.alpha)]
            }
        }
    }
}

// MARK: - Trail store

/// The trail points of one cell's particles: for each particle that has a trail (in birth order, the
/// order of the store's slots), its id and its samples, newest first. Rebuilt at every step from the
/// previous one (`sample`), so dead particles' trails vanish and the budget is applied in one pass.
final class TrailStore {
    /// Per trail: the particle id, the first point and the number of points.
    private(set) var ids: [UInt32] = []
    private(set) var firsts: [Int32] = []
    private(set) var counts: [Int32] = []
    /// The points: positions (points, the emitter layer's plane) and the simulation time of the sample.
    private(set) var x: [Float] = [], y: [Float] = []
    private(set) var times: [Double] = []
    /// The same, being filled (swapped with the above after each step).
    private var nextIDs: [UInt32] = [], nextFirsts: [Int32] = [], nextCounts: [Int32] = []
    private var nextX: [Float] = [], nextY: [Float] = []
    private var nextTimes: [Double] = []

    /// Tolerance on sample ages (seconds): ages are differences of step-end times, so `duration` = n
    /// steps keeps n samples.
    static let ageTolerance = 1e-9

    /// Trails held.
    var trailCount: Int { ids.count }
    /// Points held over all trails.
    var pointCount: Int { x.count }

    /// Bytes allocated for the trails: 16 per point (x, y, time) and 12 per trail (id, first, count), in
    /// both the current arrays and the ones the next step fills.
    var bytes: Int { 16 * (x.capacity + nextX.capacity) + 12 * (ids.capacity + nextIDs.capacity) }

    /// Adds the live particles' positions as samples at `time` (the end of the previous step, before
    /// the step that ends at `end` moves them), drops samples older than the duration at `end` and
    /// samples beyond the length, and applies the budget. Returns whether the budget cut a trail.
    func sample(
        count n: Int, ids slotIDs: UnsafePointer<UInt32>, x px: UnsafePointer<Float>, y py: UnsafePointer<Float>,
        death: UnsafePointer<Float>, aliveFrom: Float, time: Double, end: Double, params p: TrailParameters
    ) -> Bool {
        // Locals, not the class's properties, in the loop: each access to a class's stored array checks
        // exclusivity and retains its buffer (measured: 30× slower). The scratch arrays are taken out so
        // that they are unique and keep their capacity.
        let (oldIDs, oldFirsts, oldCounts, oldX, oldY, oldTimes) = (ids, firsts, counts, x, y, times)
        var newIDs = take(&nextIDs)
        var newFirsts = take(&nextFirsts)
        var newCounts = take(&nextCounts)
        var newX = take(&nextX)
        var newY = take(&nextY)
        var newTimes = take(&nextTimes)
        var remaining = p.maxPoints
        var cut = false
        var j = 0
        let old = oldIDs.count
        let oldest = end - p.duration - Self.ageTolerance
        for i in 0..<n where death[i] >= aliveFrom {
            let id = slotIDs[i]
            while j < old && Int32(bitPattern: oldIDs[j] &- id) < 0 { j += 1 }
            let cap = min(ParticleTrail.maximumPointsPerTrail, remaining)
            guard px[i].isFinite, py[i].isFinite else { continue }
            guard cap > 0 else {
                cut = true
                continue
            }
            let first = newX.count
            newX.append(px[i])
            newY.append(py[i])
            newTimes.append(time)
            var k = 1
            if j < old && oldIDs[j] == id {
                var travelled: Float = 0
                var (lx, ly) = (px[i], py[i])
                let start = Int(oldFirsts[j])
                for q in start..<(start + Int(oldCounts[j])) {
                    // Samples are newest first: the first too old ends the trail.
                    if oldTimes[q] < oldest || travelled >= p.length { break }
                    if k >= cap {
                        if cap < ParticleTrail.maximumPointsPerTrail { cut = true }
                        break
                    }
                    let (dx, dy) = (oldX[q] - lx, oldY[q] - ly)
                    travelled += (dx * dx + dy * dy).squareRoot()
                    (lx, ly) = (oldX[q], oldY[q])
                    newX.append(oldX[q])
                    newY.append(oldY[q])
                    newTimes.append(oldTimes[q])
                    k += 1
                }
            }
            newIDs.append(id)
            newFirsts.append(Int32(first))
            newCounts.append(Int32(k))
            remaining -= k
        }
        (ids, firsts, counts, x, y, times) = (newIDs, newFirsts, newCounts, newX, newY, newTimes)
        (nextIDs, nextFirsts, nextCounts, nextX, nextY, nextTimes) = (
            oldIDs, oldFirsts, oldCounts, oldX, oldY, oldTimes
        )
        return cut
    }

    /// Moves `array` out (leaving it empty), emptied but keeping its capacity.
    private func take<T>(_ array: inout [T]) -> [T] {
        var a: [T] = []
        swap(&a, &array)
        a.removeAll(keepingCapacity: true)
        return a
    }

    /// Forgets every trail.
    func removeAll() {
        ids.removeAll()
        firsts.removeAll()
        counts.removeAll()
        x.removeAll()
        y.removeAll()
        times.removeAll()
    }

    /// The trail of particle `id`, found by walking forward from `cursor` (ids increase in birth order,
    /// compared by signed difference); `cursor` moves past it. Nil when the particle has none.
    func trail(of id: UInt32, cursor: inout Int) -> (first: Int, count: Int)? {
        Self.trail(of: id, cursor: &cursor, ids: ids, firsts: firsts, counts: counts)
    }

    /// `trail(of:cursor:)` on arrays held by the caller (no class access per particle).
    @inline(__always)
    static func trail(of id: UInt32, cursor: inout Int, ids: [UInt32], firsts: [Int32], counts: [Int32]) -> (
        first: Int, count: Int
    )? {
        while cursor < ids.count && Int32(bitPattern: ids[cursor] &- id) < 0 { cursor += 1 }
        guard cursor < ids.count, ids[cursor] == id else { return nil }
        return (Int(firsts[cursor]), Int(counts[cursor]))
    }
}

// MARK: - Trail budget warning

/// The first time a cell's trails needed more points than its `trail.maxPoints` (reported once per
/// simulation; docs/Particles.md, "Trails").
public struct TrailBudgetWarning: Equatable, Sendable, CustomStringConvertible {
    /// The emitter layer's name, if any.
    public var layerName: String?
    /// The cell's name, if any.
    public var cellName: String?
    /// The budget, points.
    public var maxPoints: Int
    /// Simulation time of the step, seconds.
    public var time: Double

    /// A message naming the cell, the budget, what happened and the fix.
    public var description: String {
        let who =
            (layerName.map { "emitter '\($0)'" } ?? "an emitter layer") + (cellName.map { ", cell '\($0)'" } ?? "")
        return "\(who) reached trail.maxPoints = \(maxPoints) at t = \(time) s: the younger particles' trails are "
            + "cut short or left out; raise trail.maxPoints or shorten trail.duration or trail.length"
    }
}
