import LayerKit

// MARK: - Birth writer

/// Writes a batch of births of one cell straight into its store's columns: sampling every initial
/// value from the cell's parameters in the documented draw order (docs/Particles.md, "Random draws"),
/// placing each particle where it is at the end of the step. `commit` makes them part of the store.
///
/// The writer holds the generator and the column pointers as values, so the per-birth work touches no
/// class properties (no exclusivity checks, no reloads).
struct BirthWriter {
    private let store: ParticleStore
    private var columns: ParticleStore.Columns
    private let start: Int
    private(set) var next: Int
    /// Births that are alive at the end time / that died within their birth step.
    private(set) var alive = 0, died = 0
    /// Bounds of the death times written.
    private var deaths = DeathBounds()
    private var movesInZ = false
    private let epoch: Double
    private let endTime: Double
    private let aliveFrom: Float
    // The cell's parameters in the form the per-birth arithmetic uses (range factor and layer
    // multipliers folded in once per batch).
    private let longitude: Double, emissionRange: Double
    private let latitudeSinCos: (sin: Double, cos: Double)
    private let ax: Double, ay: Double, az: Double
    private let means: SIMD4<Float>, ranges: SIMD4<Float>, multipliers: SIMD4<Float>
    private let colorMeans: SIMD4<Float>, colorRanges: SIMD4<Float>
    private var rgba: SlotColumn<UInt64>
    /// The packed colour of every birth of `addLayerBatch` (uninherited) while the cell has no colour
    /// range: the value `add` would compute, computed once.
    private let uninheritedColor: UInt64?
    /// The scale and spin of every birth while the cell has no range for them (`constant`), else nil.
    private let constantScale: Float?, constantSpin: Float?
    /// The extension values and columns, nil for Core Animation cells.
    private var extensionWriter: ExtensionWriter?
    /// Whether `extensionWriter` is set (tested per birth without copying the optional writer).
    private let hasExtensions: Bool

    /// A writer for births of a cell with `params` into `store`, all placed at clock time `endTime`.
    /// `centre` is the emitter position that orbits and radial acceleration refer to.
    init(store: ParticleStore, params: CellParameters, epoch: Double, endTime: Double, centre: (x: Double, y: Double) = (0, 0)) {
        self.store = store
        if let e = params.extensions { store.ensureExtraColumns(e.columnMask) }
        if store.extraMask != 0 {
            extensionWriter = ExtensionWriter(params: params, store: store, centre: centre)
        }
        hasExtensions = extensionWriter != nil
        columns = store.columns
        rgba = columns.colorWords
        start = store.count
        next = start
        self.epoch = epoch
        self.endTime = endTime
        aliveFrom = EmitterSimulation.floatAbove(endTime - epoch)
        let p = params, k = params.rangeFactor
        longitude = p.longitude; emissionRange = p.emissionRange
        latitudeSinCos = EmissionFrame.latitudeSinCos(p.latitude)
        ax = Double(p.ax); ay = Double(p.ay); az = Double(p.az)
        means = SIMD4(p.velocity, p.lifetime, p.scale, p.spin)
        ranges = SIMD4(p.velocityRange * k, p.lifetimeRange * k, p.scaleRange * k, p.spinRange * k)
        multipliers = SIMD4(p.layerVelocity, p.layerLifetime, p.layerScale, p.layerSpin)
        colorMeans = SIMD4(p.red, p.green, p.blue, p.alpha)
        colorRanges = SIMD4(p.redRange * k, p.greenRange * k, p.blueRange * k, p.alphaRange * k)
        // Exact: with zero ranges `means + ranges·s` is `means` up to the sign of a zero, which the
        // clamp to [0, 1] removes, and × 1 changes nothing. (Extensions need the unpacked colour.)
        uninheritedColor = colorRanges == .zero && !hasExtensions ? HalfFloat.pack4(Self.clamp01(colorMeans)) : nil
        constantScale = Self.constant(mean: means[2], range: ranges[2], multiplier: multipliers[2])
        constantSpin = Self.constant(mean: means[3], range: ranges[3], multiplier: multipliers[3])
    }

    /// Each lane clamped to [0, 1] (lane by lane: the generic SIMD clamp is not inlined).
    @inline(__always)
    static func clamp01(_ v: SIMD4<Float>) -> SIMD4<Float> {
        SIMD4(min(max(v[0], 0), 1), min(max(v[1], 0), 1), min(max(v[2], 0), 1), min(max(v[3], 0), 1))
    }

    /// The draws `add` takes per birth: nine, then the extension draws.
    var drawsPerBirth: Int { 9 + (extensionWriter?.drawCount ?? 0) }

    /// The draws of a birth that `addLayerBatch` reads, as a mask (bit o: draw o, in `add`'s order)
    /// for births whose shape takes no draws: longitude, speed and lifetime always; scale, spin and
    /// the four colour draws only when the cell has a range for them (`DrawBuffer.prefetch(reading:)`).
    var layerBatchDraws: UInt64 {
        var mask: UInt64 = 0b111
        if constantScale == nil { mask |= 1 << 3 }
        if constantSpin == nil { mask |= 1 << 4 }
        if uninheritedColor == nil { mask |= 0b1111 << 5 }
        return mask
    }

    /// Where the longitude draw of each birth lies among prefetched draws when `shapeDraws` precede
    /// each birth's own, for `DrawBuffer.prefetch` to compute the longitudes in advance.
    func longitudeTable(shapeDraws: Int) -> LongitudeTable {
        LongitudeTable(drawsPerBirth: shapeDraws + drawsPerBirth, drawOffset: shapeDraws, longitude: longitude,
                       emissionRange: emissionRange)
    }

    /// Births written so far.
    var count: Int { next - start }

    /// Makes room for `n` more births.
    mutating func reserve(_ n: Int) {
        if next + n > columns.capacity {
            columns = store.reserveForBirths(through: next + n, written: next)
            refreshColumns()
        }
    }

    /// Picks up the column pointers after the store moved them.
    private mutating func refreshColumns() {
        columns = store.columns
        rgba = columns.colorWords
        extensionWriter?.refresh(store)
    }

    /// Writes one particle born at clock time `birthTime` at (x, y, z), emitted in `frame` and with
    /// its colour multiplied by `inherit`. Room must have been reserved. Draws, in this order:
    /// longitude offset, speed, lifetime, scale, spin, red, green, blue, alpha.
    @inline(__always)
    mutating func add<R: RandomDraws>(_ random: inout R, x: Double, y: Double, z: Double, frame: EmissionFrame,
                      inherit: SIMD4<Float>, birthTime: Double) {
        let uLongitude = Double(random.nextUnitFloat())
        let s = SIMD4(random.nextSignedFloat(), random.nextSignedFloat(), random.nextSignedFloat(), random.nextSignedFloat())
        let sColor = SIMD4(random.nextSignedFloat(), random.nextSignedFloat(), random.nextSignedFloat(), random.nextSignedFloat())

        let lon = longitude + emissionRange * (uLongitude - 0.5)
        let direction = frame.direction(longitude: random.longitudeSinCos(lon), latitude: latitudeSinCos)
        // (speed, lifetime, scale, spin) = (M + R·k·s) × layer multiplier; colours × the parent's.
        let v = (means + ranges * s) * multipliers
        let speed = Double(v[0]), life = v[1], scale = max(0, v[2]), spin = v[3]
        let color = Self.clamp01((colorMeans + colorRanges * sColor) * inherit)

        // Aged by the rest of the step under constant acceleration (DESIGN.md §3.6).
        let age = max(0, endTime - birthTime)
        let half = 0.5 * age * age
        let v0x = direction.0 * speed, v0y = direction.1 * speed, v0z = direction.2 * speed
        let death = Float(birthTime + Double(life) - epoch)
        let (pz, vz) = Self.aged(z, v0z, az, age: age, half: half)
        let i = next
        var c = columns
        var spinOut = spin
        if hasExtensions, let e = extensionWriter {
            // Extension draws follow the Core Animation ones (docs/Particles.md, "Extensions").
            let m = e.write(i, &random, x: x, y: y, z: z, v0: (v0x, v0y, v0z), g: (ax, ay, az), age: age, longitude: lon,
                            life: life, color: color, scale: scale, layerScale: multipliers[2], spin: &spinOut)
            c.x[i] = Float(m.x); c.y[i] = Float(m.y)
            c.vx[i] = Float(m.vx); c.vy[i] = Float(m.vy)
        } else {
            (c.x[i], c.vx[i]) = Self.aged(x, v0x, ax, age: age, half: half)
            (c.y[i], c.vy[i]) = Self.aged(y, v0y, ay, age: age, half: half)
        }
        c.death[i] = death
        deaths.include(death)
        c.life[i] = life
        // Bases are the values at birth: colour(age) = clamp(base + rate·age), scale likewise. A value
        // that differs from a shared column's gives that column storage first (ParticleStore).
        let word = HalfFloat.pack4(color)
        if Self.differsFromShared(c, rgba, i, z: pz, vz: vz, scale: scale, spin: spinOut, color: word)
            && store.prepareSlot(i, z: pz, vz: vz, scale: scale, spin: spinOut, color: word) {
            refreshColumns()
            c = columns
        }
        c.z[i] = pz
        c.vz[i] = vz
        c.scale[i] = scale
        c.spin[i] = spinOut
        rgba[i] = word
        if vz != 0 { movesInZ = true }
        if death >= aliveFrom { alive += 1 } else { died += 1 }
        next = i + 1
    }

    /// Position and velocity `age` seconds after a birth at `p` with velocity `v0` under constant
    /// acceleration `a` (`half` = ½·age²), as stored (DESIGN.md §3.6).
    @inline(__always)
    static func aged(_ p: Double, _ v0: Double, _ a: Double, age: Double, half: Double) -> (p: Float, v: Float) {
        (Float(p + v0 * age + a * half), Float(v0 + a * age))
    }

    /// Whether `addLayerBatch` can write this cell's births (no extensions).
    var writesLayerBatches: Bool { !hasExtensions }

    /// Writes `n` births emitted in the layer frame with an uninherited colour (top-level cells
    /// without extensions) from prefetched draws: the values `add` would write for each, computed in
    /// passes over the batch instead of one birth at a time. `s` holds each birth's time and position;
    /// birth j's draws start at `shapeDraws + j·stride` in `draws` (its shape draws come first), and
    /// `draws` carries their longitudes.
    mutating func addLayerBatch(_ draws: PrefetchedDraws, stride: Int, shapeDraws: Int, _ s: BirthScratch, count n: Int) {
        guard n > 0 else { return }
        guard let angles = draws.longitudes, angles.count >= n, !hasExtensions else {
            preconditionFailure("layer batches need a longitude table and no extensions")
        }
        // Draw o of birth j is w[j · birthStride + o · drawStride]: in the generator's order, or in
        // planes (a still emitter's births, whose shape takes no draws).
        let w: UnsafePointer<UInt32>, birthStride: Int, drawStride: Int
        if let plane = draws.planeLength {
            precondition(plane == n && shapeDraws == 0, "planar draws hold one chunk of births without shape draws")
            (w, birthStride, drawStride) = (draws.words, 1, plane)
        } else {
            (w, birthStride, drawStride) = (draws.words + shapeDraws, stride, 1)
        }
        // Pass 1: the per-birth draws, gathered into contiguous values; scale, spin and colour decide
        // whether shared columns need storage first. Every draw read here must be in
        // `layerBatchDraws`: the planar path computes no others.
        let vm = means[0], vr = ranges[0], vmul = multipliers[0]
        let lm = means[1], lr = ranges[1], lmul = multipliers[1]
        let sm = means[2], sr = ranges[2], smul = multipliers[2]
        let rm = means[3], rr = ranges[3], rmul = multipliers[3]
        let speedDraws = w + drawStride, lifeDraws = w + 2 &* drawStride
        // A literal stride of 1 lets the planar loops vectorise.
        if birthStride == 1 {
            Self.drawMotion(s, speedDraws, lifeDraws, stride: 1, speed: (vm, vr, vmul), life: (lm, lr, lmul), count: n)
        } else {
            Self.drawMotion(s, speedDraws, lifeDraws, stride: birthStride, speed: (vm, vr, vmul), life: (lm, lr, lmul), count: n)
        }
        // Without a range every birth gets the same scale and spin, computed once (most cells).
        if let scale = constantScale {
            s.scale.update(repeating: max(0, scale), count: n)
        } else {
            let u = w + 3 &* drawStride
            for j in 0..<n { s.scale[j] = max(0, (sm + sr * PrefetchedDraws.signed(u[j &* birthStride])) * smul) }
        }
        if let spin = constantSpin {
            s.spin.update(repeating: spin, count: n)
        } else {
            let u = w + 4 &* drawStride
            for j in 0..<n { s.spin[j] = (rm + rr * PrefetchedDraws.signed(u[j &* birthStride])) * rmul }
        }
        if let word = uninheritedColor {
            s.color.initialize(repeating: word, count: n)
        } else {
            let r = w + 5 &* drawStride, g = w + 6 &* drawStride, b = w + 7 &* drawStride, a = w + 8 &* drawStride
            for j in 0..<n {
                let k = j &* birthStride
                let sColor = SIMD4(PrefetchedDraws.signed(r[k]), PrefetchedDraws.signed(g[k]),
                                   PrefetchedDraws.signed(b[k]), PrefetchedDraws.signed(a[k]))
                s.color[j] = HalfFloat.pack4(Self.clamp01((colorMeans + colorRanges * sColor) * .one))
            }
        }
        // z and vz before the shared columns are settled: they may be shared too.
        let zMotion = Self.writeZ(s.pz, s.vz, s, direction: latitudeSinCos.sin, a: az, endTime: endTime, count: n)
        giveSharedColumnsStorage(s, count: n)
        let first = next
        // Pass 2: motion, death and lifetime, over contiguous values straight into the columns, an
        // axis at a time (few streams per loop, so each loop vectorises).
        let c = columns
        let lat = latitudeSinCos
        let endTime = self.endTime, epoch = self.epoch, aliveFrom = self.aliveFrom
        let death = c.death + first, life = c.life + first
        // The living are counted in a pass of their own: with the count inside, this loop stays scalar.
        for j in 0..<n {
            let l = s.life[j]
            death[j] = Float(s.time[j] + Double(l) - epoch)
            life[j] = l
        }
        let living = Self.count(death, atLeast: aliveFrom, count: n)
        deaths.include(death, count: n)
        Self.writeAxis(c.x + first, c.vx + first, s.x, s, direction: angles.cos, scale: lat.cos, a: ax, endTime: endTime, count: n)
        Self.writeAxis(c.y + first, c.vy + first, s.y, s, direction: angles.sin, scale: lat.cos, a: ay, endTime: endTime, count: n)
        // Pass 3: z, vz, scale, spin and colour. A column still shared holds every birth's value already.
        if !c.z.isShared { (c.z.base + first).update(from: s.pz, count: n) }
        if !c.vz.isShared { (c.vz.base + first).update(from: s.vz, count: n) }
        if !c.scale.isShared { (c.scale.base + first).update(from: s.scale, count: n) }
        if !c.spin.isShared { (c.spin.base + first).update(from: s.spin, count: n) }
        if !rgba.isShared { (rgba.base + first).update(from: s.color, count: n) }
        if zMotion { movesInZ = true }
        alive += living
        died += n - living
        next = first + n
    }

    /// How many of the `n` values at `d` are at least `threshold` (NaN is not), eight lanes at a time.
    @inline(__always)
    static func count(_ d: UnsafePointer<Float>, atLeast threshold: Float, count n: Int) -> Int {
        let raw = UnsafeRawPointer(d), limit = SIMD8<Float>(repeating: threshold)
        var lanes = SIMD8<Int32>()
        var j = 0
        while j + 8 <= n {
            let t = raw.loadUnaligned(fromByteOffset: 4 * j, as: SIMD8<Float>.self)
            lanes &-= SIMD8<Int32>(repeating: 0).replacing(with: -1, where: t .>= limit)
            j += 8
        }
        var total = Int(lanes.wrappedSum())
        while j < n {
            total += d[j] >= threshold ? 1 : 0
            j += 1
        }
        return total
    }

    /// Speed and lifetime of a batch from their draws (birth j's at `j · stride`): `(mean + range·s) ×
    /// multiplier`, as `add` computes them.
    @inline(__always)
    private static func drawMotion(_ s: BirthScratch, _ speedDraws: UnsafePointer<UInt32>, _ lifeDraws: UnsafePointer<UInt32>,
                                   stride: Int, speed: (Float, Float, Float), life: (Float, Float, Float), count n: Int) {
        for j in 0..<n {
            s.speed[j] = Double((speed.0 + speed.1 * PrefetchedDraws.signed(speedDraws[j &* stride])) * speed.2)
            s.life[j] = (life.0 + life.1 * PrefetchedDraws.signed(lifeDraws[j &* stride])) * life.2
        }
    }

    /// The value `(mean + range·s) × multiplier` takes for every draw s when the range is zero, nil when
    /// it varies: range·s is then ±0, which leaves the mean unchanged unless the mean is −0.
    @inline(__always)
    static func constant(mean: Float, range: Float, multiplier: Float) -> Float? {
        guard range == 0 && !(mean == 0 && mean.sign == .minus) else { return nil }
        return (mean + range) * multiplier
    }

    /// Position and velocity on one horizontal axis for a batch: birth j moves along `scale ·
    /// direction[j]` at its speed from `start[j]`, aged to `endTime` (`aged`).
    @inline(__always)
    private static func writeAxis(_ p: UnsafeMutablePointer<Float>, _ v: UnsafeMutablePointer<Float>, _ start: UnsafePointer<Double>,
                                  _ s: BirthScratch, direction: UnsafePointer<Double>, scale: Double, a: Double,
                                  endTime: Double, count n: Int) {
        for j in 0..<n {
            let age = max(0, endTime - s.time[j])
            let half = 0.5 * age * age
            (p[j], v[j]) = aged(start[j], scale * direction[j] * s.speed[j], a, age: age, half: half)
        }
    }

    /// Position and velocity in z for a batch (direction `dz` for every birth); returns whether any
    /// velocity is non-zero.
    @inline(__always)
    private static func writeZ(_ p: UnsafeMutablePointer<Float>, _ v: UnsafeMutablePointer<Float>, _ s: BirthScratch,
                               direction dz: Double, a: Double, endTime: Double, count n: Int) -> Bool {
        var moving: Int32 = 0
        for j in 0..<n {
            let age = max(0, endTime - s.time[j])
            let half = 0.5 * age * age
            let (pz, vz) = aged(s.z[j], dz * s.speed[j], a, age: age, half: half)
            p[j] = pz
            v[j] = vz
            moving |= vz != 0 ? 1 : 0
        }
        return moving != 0
    }

    /// Before a batch writes its scale, spin and colour values: a shared column gets storage from the
    /// first birth whose value differs from the shared one (slot 0, while the store is empty, sets the
    /// shared value instead), as `add` would one birth at a time.
    private mutating func giveSharedColumnsStorage(_ s: BirthScratch, count n: Int) {
        let first = next
        if first == 0 {
            columns.z[0] = s.pz[0]
            columns.vz[0] = s.vz[0]
            columns.scale[0] = s.scale[0]
            columns.spin[0] = s.spin[0]
            rgba[0] = s.color[0]
        }
        // One call per column rather than a loop over an array literal, which would allocate per chunk.
        settle(.z, s.pz, count: n, first: first)
        settle(.vz, s.vz, count: n, first: first)
        settle(.scale, s.scale, count: n, first: first)
        settle(.spin, s.spin, count: n, first: first)
        if rgba.isShared, let j = Self.firstDifference(s.color, count: n, from: rgba[0]) {
            store.store(.color, written: first + j + 1)
            refreshColumns()
        }
    }

    /// Gives shared Float column `column` storage when one of the batch's `values` differs from its value.
    @inline(__always)
    private mutating func settle(_ column: ParticleStore.SharedColumn, _ values: UnsafeMutablePointer<Float>, count n: Int, first: Int) {
        guard let view = columns[shared: column], view.isShared,
              let j = Self.firstDifference(values, count: n, from: view[0]) else { return }
        store.store(column, written: first + j + 1)
        refreshColumns()
    }

    /// The first of `n` values whose bits differ from `shared`'s, nil if none does. Whether any does is
    /// found in one branch-free pass (the common case: a cell without ranges).
    @inline(__always)
    private static func firstDifference(_ values: UnsafeMutablePointer<Float>, count n: Int, from shared: Float) -> Int? {
        let bits = UnsafeMutableRawPointer(values).assumingMemoryBound(to: UInt32.self)
        let reference = shared.bitPattern
        var differs: UInt32 = 0
        for j in 0..<n { differs |= bits[j] ^ reference }
        return differs == 0 ? nil : (0..<n).first { bits[$0] != reference }
    }

    /// `firstDifference` for packed colours.
    @inline(__always)
    private static func firstDifference(_ values: UnsafeMutablePointer<UInt64>, count n: Int, from shared: UInt64) -> Int? {
        var differs: UInt64 = 0
        for j in 0..<n { differs |= values[j] ^ shared }
        return differs == 0 ? nil : (0..<n).first { values[$0] != shared }
    }

    /// Whether slot `i` would give a shared column a second value (checked on the writer's copies of
    /// the columns, so the common case makes no call into the store).
    @inline(__always)
    private static func differsFromShared(_ c: ParticleStore.Columns, _ rgba: SlotColumn<UInt64>, _ i: Int,
                                          z: Float, vz: Float, scale: Float, spin: Float, color: UInt64) -> Bool {
        i > 0 && ((c.z.isShared && c.z[0].bitPattern != z.bitPattern)
                  || (c.vz.isShared && c.vz[0].bitPattern != vz.bitPattern)
                  || (c.scale.isShared && c.scale[0].bitPattern != scale.bitPattern)
                  || (c.spin.isShared && c.spin[0].bitPattern != spin.bitPattern)
                  || (rgba.isShared && rgba[0] != color))
    }

    /// Adds the written births to the store as one run of birth batch `batch`.
    func commit(batch: UInt64) {
        store.commitBirths(from: start, to: next, batch: batch, movesInZ: movesInZ, deaths: deaths)
    }
}
