import Foundation
import LayerKit

// MARK: - Trails

extension EmitterSimulation {
    /// Samples the trails of cell `c` at the start of the step [t0, t1] (docs/Particles.md, "Trails"):
    /// every live particle's position at t0 (the end of the previous step, after whatever the step view's
    /// users wrote) becomes the newest point of its trail. Cells without a trail lose their trail store.
    func sampleTrails(_ c: CellRuntime, t0: Double, t1: Double) {
        c.trailParams = TrailParameters(cell: c.cell)
        guard let p = c.trailParams else {
            c.trails = nil
            return
        }
        let s = c.store
        s.ensureIdentities()
        let trails = c.trails ?? TrailStore()
        c.trails = trails
        guard let ids = s.ids else { return }
        let cut = trails.sample(
            count: s.count, ids: ids, x: s.x, y: s.y, death: s.death, aliveFrom: aliveThreshold, time: t0, end: t1,
            params: p)
        if cut && trailBudgetWarning == nil {
            trailBudgetWarning = TrailBudgetWarning(
                layerName: modelLayer.name, cellName: c.cell.name, maxPoints: p.maxPoints, time: t1)
        }
    }

    /// The first trail budget overflow (`trail.maxPoints`), exactly once: non-nil the first time it is
    /// called after a step in which a trail was cut for the budget, nil afterwards.
    public func takeTrailBudgetWarning() -> TrailBudgetWarning? {
        guard let w = trailBudgetWarning, !trailBudgetWarningTaken else { return nil }
        trailBudgetWarningTaken = true
        return w
    }

    /// Trail points held by the cell at a dotted name path, over all its particles (0 without a trail).
    public func trailPointCount(forCellNamed namePath: String) throws -> Int {
        try runtime(named: namePath).trails?.pointCount ?? 0
    }

    /// Bytes allocated for trail points over all cells (16 per point, 12 per trail; docs/Particles.md,
    /// "Trails"), besides `storageBytes`.
    public var trailStorageBytes: Int { cells.reduce(0) { $0 + ($1.trails?.bytes ?? 0) } }

    /// The points of the trail of one particle of the cell at a dotted name path, as drawn now: the
    /// particle's position (the head) first, then the samples, newest first; nil when the particle
    /// (`index` in the `snapshot()` order of that cell's live particles) has no trail.
    public func trailPoints(forCellNamed namePath: String, particle index: Int) throws -> [(x: Float, y: Float)]? {
        let c = try runtime(named: namePath)
        guard let trails = c.trails, let ids = c.store.ids else { return nil }
        let v = view(of: c)
        var live = 0
        var cursor = 0
        for i in 0..<c.store.count where v.isAlive(i) {
            defer { live += 1 }
            guard live == index else { continue }
            guard let t = trails.trail(of: ids[i], cursor: &cursor) else { return nil }
            return [(v.x[i], v.y[i])] + (t.first..<(t.first + t.count)).map { (trails.x[$0], trails.y[$0]) }
        }
        return nil
    }

    /// Mixes the trail of cell `c` into `hasher`: its parameters, then every trail (particle id, point
    /// count, each point's position and time). Nothing for a cell without a trail, so other hashes keep
    /// their layout.
    func hashTrails(of c: CellRuntime, into hasher: inout StateHasher) {
        guard let p = c.trailParams, let t = c.trails else { return }
        hasher.combine(UInt64(0x5452_4149_4C31))  // "TRAIL1": version of this layout
        hasher.combine(p.hashed.count)
        for v in p.hashed { hasher.combine(v) }
        let (ids, firsts, counts, x, y, times) = (t.ids, t.firsts, t.counts, t.x, t.y, t.times)
        hasher.combine(ids.count)
        for k in 0..<ids.count {
            hasher.combine(ids[k])
            hasher.combine(Int(counts[k]))
            let first = Int(firsts[k])
            for q in first..<(first + Int(counts[k])) {
                hasher.combine(x[q])
                hasher.combine(y[q])
                hasher.combine(times[q])
            }
        }
    }
}

// MARK: - Ribbons for the draw list

/// Turns the trails of one cell into ribbon records of a draw list, particle by particle in storage
/// order (a cursor walks the trails alongside the slots).
struct RibbonWriter {
    let params: TrailParameters
    let ids: UnsafePointer<UInt32>
    var cursor = 0
    /// The store's arrays, held here so that the per-particle loop does not access the class.
    let trailIDs: [UInt32], firsts: [Int32], counts: [Int32], xs: [Float], ys: [Float]

    /// `widthOverTrail` and `colorOverTrail` sampled at `tableSegments` + 1 evenly spaced t, read linearly
    /// between entries: a ribbon has tens of points per particle, and evaluating the curves' kernels at
    /// each took 85 % of a draw list (perf, `particles.effects.trail.10K`). Exact at the stops t = 0 and 1.
    let widths: [Float]?, colors: [SIMD4<Float>]?
    static let tableSegments = 256

    init(trails: TrailStore, params: TrailParameters, ids: UnsafePointer<UInt32>) {
        self.params = params
        self.ids = ids
        (trailIDs, firsts, counts, xs, ys) = (trails.ids, trails.firsts, trails.counts, trails.x, trails.y)
        let n = Self.tableSegments
        widths = params.widthCurve.map { c in (0...n).map { max(0, c.value(at: Float($0) / Float(n))) } }
        colors = params.colorCurve.map { c in (0...n).map { c.color(at: Float($0) / Float(n)) } }
    }

    /// The table entry at t (0…1), linear between entries.
    @inline(__always)
    static func read<T: SIMD>(_ table: [T], at t: Float) -> T where T.Scalar == Float {
        guard t < 1 else { return table[tableSegments] }
        let f = max(t, 0) * Float(tableSegments)
        let k = Int(f)
        let u = f - Float(k)
        return table[k] + (table[k + 1] - table[k]) * u
    }

    @inline(__always)
    static func read(_ table: [Float], at t: Float) -> Float {
        guard t < 1 else { return table[tableSegments] }
        let f = max(t, 0) * Float(tableSegments)
        let k = Int(f)
        let u = f - Float(k)
        return table[k] + (table[k + 1] - table[k]) * u
    }

    /// Appends the ribbon of slot `i` (at `head`, drawn in `color`, straight 0…1) to `list`; nothing when
    /// it has fewer than two points or no length.
    mutating func append(
        slot i: Int, head: (x: Float, y: Float), color: SIMD4<Float>, into list: inout ParticleDrawList
    ) {
        guard
            let t = TrailStore.trail(of: ids[i], cursor: &cursor, ids: trailIDs, firsts: firsts, counts: counts)
        else { return }
        let xs = self.xs
        let ys = self.ys
        // The ribbon's path: head, then the samples, cut where its length reaches `params.length`.
        func point(_ k: Int) -> (Float, Float) { k == 0 ? head : (xs[t.first + k - 1], ys[t.first + k - 1]) }
        let available = t.count + 1
        var total: Float = 0
        var used = 1
        var cutFraction: Float = 1
        var previous = point(0)
        while used < available {
            let q = point(used)
            let d = ((q.0 - previous.0) * (q.0 - previous.0) + (q.1 - previous.1) * (q.1 - previous.1)).squareRoot()
            if total + d >= params.length {
                cutFraction = d > 0 ? (params.length - total) / d : 0
                total = params.length
                used += 1
                break
            }
            total += d
            previous = q
            used += 1
        }
        guard used >= 2, total > 0, total.isFinite else { return }
        let first = list.ribbonPoints.count
        var travelled: Float = 0
        previous = point(0)
        for k in 0..<used {
            var q = point(k)
            if k == used - 1 && cutFraction < 1 {
                q = (previous.0 + (q.0 - previous.0) * cutFraction, previous.1 + (q.1 - previous.1) * cutFraction)
            }
            travelled += ((q.0 - previous.0) * (q.0 - previous.0) + (q.1 - previous.1) * (q.1 - previous.1))
                .squareRoot()
            previous = q
            let s = k == 0 ? 0 : k == used - 1 ? 1 : min(travelled / total, 1)
            let w = params.width * (widths.map { Self.read($0, at: s) } ?? 1)
            let c = colors.map { color * Self.read($0, at: s) } ?? color
            list.ribbonPoints.append(
                RibbonPoint(
                    x: q.0, y: q.1, width: w, r: EmitterSimulation.quantize(c[0]), g: EmitterSimulation.quantize(c[1]),
                    b: EmitterSimulation.quantize(c[2]), a: EmitterSimulation.quantize(c[3])))
        }
        list.ribbons.append(ParticleRibbon(first: Int32(first), count: Int32(used)))
    }
}
