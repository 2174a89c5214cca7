import LayerKit

// MARK: - Changing births
//
// A birth's values are defined once, by `BirthWriter.sample` (draws in the documented order, arithmetic,
// the values as stored); everything else follows it or is checked against it. A new per-birth value, or
// a change to how one is sampled, touches:
//
// 1. `Birth` and `BirthWriter.sample` (and `ExtensionWriter.write` for an extension's value): the
//    reference. A new draw goes after the existing ones of its group (docs/Particles.md, "Random draws").
// 2. `BirthWriter.store` and, for a new column, `ParticleStore` (a `SharedColumn` or `ExtraColumn`, its
//    layout residue and removal), the state hash (`EmitterSimulation.hash(into:)`, docs/Particles.md
//    "State hash") and the look law (`ParticleLooks`) if it changes how a particle looks.
// 3. The fast path, `BirthWriter.addStillBatch`: compute the value there too (`BatchMotion` for motion,
//    `drawLooks` and `writeSharedColumns` for the looks) and add its draw to `stillBatchDraws`, or keep
//    cells that use the value off the fast path (`takesStillBatches`).
// 4. `BirthWriter.differences`, which compares a stored birth with the reference: the internal checks
//    (`InternalChecks`) and `BirthWriterTests` read it.
// 5. `BirthWriterTests`' cases (one that sets the value) and the golden hashes, re-recorded only for a
//    change of behaviour that is meant.

// MARK: - Birth

/// One birth's values as `BirthWriter.sample` defines them (docs/Particles.md, "Random draws").
struct Birth {
    /// Position and velocity at the end of the step, as stored (points, points per second).
    var x: Float, y: Float, z: Float, vx: Float, vy: Float, vz: Float
    /// Death time (seconds after the epoch) and lifetime (seconds).
    var death: Float, life: Float
    /// Scale and spin (radians per second) at birth, as stored.
    var scale: Float, spin: Float
    /// The colour at birth, clamped to 0…1, and as stored (four binary16 values in one word).
    var color: SIMD4<Float>, word: UInt64
    /// What the extension values of the birth are sampled from (`ExtensionWriter.write`): the emission
    /// longitude's draw and angle (radians), the velocity at birth, the age at the end of the step, and
    /// the scale multiplier applied.
    var longitudeDraw: Double, longitude: Double
    var v0: (Double, Double, Double), age: Double, scaleMultiplier: Float
}

// MARK: - Birth writer

/// Writes a batch of births of one cell straight into its store's columns: sampling every initial
/// value from the cell's parameters in the documented draw order (docs/Particles.md, "Random draws"),
/// placing each particle where it is at the end of the step. `commit` makes them part of the store.
///
/// `add` writes one birth through the reference (`sample`); `addStillBatch` writes a chunk of a still
/// emitter's births over the chunk instead, bit for bit the same (checked against `sample` under
/// `InternalChecks`, and by `BirthWriterTests`). The writer holds the column pointers as values, so the
/// per-birth work touches no class properties (no exclusivity checks, no reloads).
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
    /// The emitter shape's natural orientation angle included in `longitude` (0 for sub-cells and
    /// spawns), and the cell's own longitude, which orbits measure in the layer frame.
    private let shapeLongitude: Double, layerLongitude: Double
    /// Whether sampled scales below 0 become 0 (`clampsNegativeScale`) instead of drawing mirrored.
    private let clampsNegativeScale: Bool
    private let latitudeSinCos: (sin: Double, cos: Double)
    private let ax: Double, ay: Double, az: Double
    private let means: SIMD4<Float>, ranges: SIMD4<Float>, multipliers: SIMD4<Float>
    private let colorMeans: SIMD4<Float>, colorRanges: SIMD4<Float>
    private var rgba: SlotColumn<UInt64>
    /// The packed colour of every uninherited birth while the cell has no colour range: the value
    /// `sample` computes, computed once (nil for cells with extensions, which need the unpacked colour).
    private let uninheritedColor: UInt64?
    /// The scale and spin of every uninherited birth while the cell has no range for them, else nil.
    private let constantScale: Float?, constantSpin: Float?
    /// The extension values and columns, nil for Core Animation cells.
    private var extensionWriter: ExtensionWriter?
    /// Whether `extensionWriter` is set (tested per birth without copying the optional writer).
    private let hasExtensions: Bool

    /// A writer for births of a cell with `params` into `store`, all placed at clock time `endTime`.
    /// `centre` is the emitter position that orbits and radial acceleration refer to; `shapeLongitude`
    /// is the natural orientation angle of the emitter shape the births come from
    /// (`EmissionFrame.naturalLongitude(of:)`; 0 for births from particles or contact points).
    init(
        store: ParticleStore, params: CellParameters, epoch: Double, endTime: Double,
        centre: (x: Double, y: Double) = (0, 0), shapeLongitude: Double = 0
    ) {
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
        let p = params
        let k = params.rangeFactor
        // Added only when non-zero, so that the layer frame's longitudes keep their bits (a −0 stays −0).
        longitude = shapeLongitude == 0 ? p.longitude : p.longitude + shapeLongitude
        self.shapeLongitude = shapeLongitude
        layerLongitude = p.longitude
        emissionRange = p.emissionRange
        clampsNegativeScale = p.clampsNegativeScale
        latitudeSinCos = EmissionFrame.latitudeSinCos(p.latitude)
        ax = Double(p.ax)
        ay = Double(p.ay)
        az = Double(p.az)
        means = SIMD4(p.velocity, p.lifetime, p.scale, p.spin)
        ranges = SIMD4(p.velocityRange * k, p.lifetimeRange * k, p.scaleRange * k, p.spinRange * k)
        multipliers = SIMD4(p.layerVelocity, p.layerLifetime, p.layerScale, p.layerSpin)
        colorMeans = SIMD4(p.red, p.green, p.blue, p.alpha)
        colorRanges = SIMD4(p.redRange * k, p.greenRange * k, p.blueRange * k, p.alphaRange * k)
        // Exact: with zero ranges `means + ranges·s` is `means` up to the sign of a zero, which the
        // clamp to [0, 1] removes, and × 1 changes nothing.
        uninheritedColor = colorRanges == .zero && !hasExtensions ? HalfFloat.pack4(Self.clamp01(colorMeans)) : nil
        constantScale = Self.constant(mean: means[2], range: ranges[2], multiplier: multipliers[2]).map {
            p.clampsNegativeScale ? max(0, $0) : $0
        }
        constantSpin = Self.constant(mean: means[3], range: ranges[3], multiplier: multipliers[3])
    }

    /// Each lane clamped to [0, 1] (lane by lane: the generic SIMD clamp is not inlined).
    @inline(__always)
    static func clamp01(_ v: SIMD4<Float>) -> SIMD4<Float> {
        SIMD4(min(max(v[0], 0), 1), min(max(v[1], 0), 1), min(max(v[2], 0), 1), min(max(v[3], 0), 1))
    }

    /// The draws a birth takes: `sampleDraws`, then the extension draws.
    var drawsPerBirth: Int { Self.sampleDraws + (extensionWriter?.drawCount ?? 0) }

    /// The draws `sample` takes per birth: longitude, speed, lifetime, scale, spin, red, green, blue,
    /// alpha.
    static let sampleDraws = 9

    /// Where the longitude draw of each birth lies among prefetched draws when `shapeDraws` precede
    /// each birth's own, for `DrawBuffer.prefetch` to compute the longitudes in advance.
    func longitudeTable(shapeDraws: Int) -> LongitudeTable {
        LongitudeTable(
            drawsPerBirth: shapeDraws + drawsPerBirth, drawOffset: shapeDraws, longitude: longitude,
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

    // MARK: - The reference

    /// The values of one particle born at clock time `birthTime` at (x, y, z), emitted in `frame`, with
    /// its colour multiplied by `inherit`. Its sampled scale is multiplied by `inheritScale`, a sub-cell's
    /// parent's current scale, which carries the layer's scale (docs/Design.md §3.5), else by the layer's
    /// scale. Draws, in this order: longitude offset, speed, lifetime, scale, spin, red, green, blue,
    /// alpha (`sampleDraws`). This is what a birth is; every other way of writing births computes it.
    @inline(__always)
    func sample<R: RandomDraws>(
        _ random: inout R, x: Double, y: Double, z: Double, frame: EmissionFrame,
        inherit: SIMD4<Float>, inheritScale: Float? = nil, birthTime: Double
    ) -> Birth {
        let uLongitude = Double(random.nextUnitFloat())
        let s = SIMD4(
            random.nextSignedFloat(), random.nextSignedFloat(), random.nextSignedFloat(), random.nextSignedFloat())
        let sColor = SIMD4(
            random.nextSignedFloat(), random.nextSignedFloat(), random.nextSignedFloat(), random.nextSignedFloat())

        let lon = longitude + emissionRange * (uLongitude - 0.5)
        let direction = frame.direction(longitude: random.longitudeSinCos(lon), latitude: latitudeSinCos)
        // (speed, lifetime, scale, spin) = (M + R·k·s) × layer multiplier; colours × the parent's.
        let v = (means + ranges * s) * multipliers
        let speed = Double(v[0])
        let life = v[1]
        // A negative scale draws the sprite mirrored (docs/Design.md §3.8).
        let scaleMultiplier = inheritScale ?? multipliers[2]
        let sampledScale = inheritScale.map { (means[2] + ranges[2] * s[2]) * $0 } ?? v[2]
        let scale = clampsNegativeScale ? max(0, sampledScale) : sampledScale
        let color = Self.clamp01((colorMeans + colorRanges * sColor) * inherit)

        // Aged by the rest of the step under constant acceleration (docs/Design.md §3.6).
        let age = max(0, endTime - birthTime)
        let half = 0.5 * age * age
        let v0 = (direction.0 * speed, direction.1 * speed, direction.2 * speed)
        let (px, pvx) = Self.aged(x, v0.0, ax, age: age, half: half)
        let (py, pvy) = Self.aged(y, v0.1, ay, age: age, half: half)
        let (pz, pvz) = Self.aged(z, v0.2, az, age: age, half: half)
        return Birth(
            x: px, y: py, z: pz, vx: pvx, vy: pvy, vz: pvz, death: Float(birthTime + Double(life) - epoch), life: life,
            scale: scale, spin: v[3], color: color, word: HalfFloat.pack4(color), longitudeDraw: uLongitude,
            longitude: lon, v0: v0, age: age, scaleMultiplier: scaleMultiplier)
    }

    /// Position and velocity `age` seconds after a birth at `p` with velocity `v0` under constant
    /// acceleration `a` (`half` = ½·age²), as stored (docs/Design.md §3.6).
    @inline(__always)
    static func aged(_ p: Double, _ v0: Double, _ a: Double, age: Double, half: Double) -> (p: Float, v: Float) {
        (Float(p + v0 * age + a * half), Float(v0 + a * age))
    }

    /// Writes one birth (`sample`, then the extension values) to the next slot. Room must have been
    /// reserved.
    @inline(__always)
    mutating func add<R: RandomDraws>(
        _ random: inout R, x: Double, y: Double, z: Double, frame: EmissionFrame,
        inherit: SIMD4<Float>, inheritScale: Float? = nil, birthTime: Double
    ) {
        var b = sample(
            &random, x: x, y: y, z: z, frame: frame, inherit: inherit, inheritScale: inheritScale,
            birthTime: birthTime)
        if hasExtensions, let e = extensionWriter {
            // Extension draws follow the Core Animation ones (docs/Particles.md, "Extensions").
            // Orbits measure their angle in the layer frame, not the shape's.
            let orbitLongitude =
                shapeLongitude == 0 ? b.longitude : layerLongitude + emissionRange * (b.longitudeDraw - 0.5)
            let m = e.write(
                next, &random, x: x, y: y, z: z, v0: b.v0, g: (ax, ay, az), age: b.age, longitude: orbitLongitude,
                life: b.life, color: b.color, scale: b.scale, layerScale: b.scaleMultiplier, spin: &b.spin)
            (b.x, b.y, b.vx, b.vy) = (Float(m.x), Float(m.y), Float(m.vx), Float(m.vy))
        }
        store(b)
    }

    /// Writes `b` to the next slot. Bases are the values at birth: colour(age) = clamp(base + rate·age),
    /// scale likewise (`ParticleLooks`). A value that differs from a shared column's gives that column
    /// storage first (`ParticleStore`).
    @inline(__always)
    private mutating func store(_ b: Birth) {
        let i = next
        var c = columns
        c.x[i] = b.x
        c.y[i] = b.y
        c.vx[i] = b.vx
        c.vy[i] = b.vy
        c.death[i] = b.death
        deaths.include(b.death)
        c.life[i] = b.life
        if Self.differsFromShared(c, rgba, i, z: b.z, vz: b.vz, scale: b.scale, spin: b.spin, color: b.word)
            && store.prepareSlot(i, z: b.z, vz: b.vz, scale: b.scale, spin: b.spin, color: b.word)
        {
            refreshColumns()
            c = columns
        }
        c.z[i] = b.z
        c.vz[i] = b.vz
        c.scale[i] = b.scale
        c.spin[i] = b.spin
        rgba[i] = b.word
        if b.vz != 0 { movesInZ = true }
        if b.death >= aliveFrom { alive += 1 } else { died += 1 }
        next = i + 1
    }

    /// Adds the written births to the store as one run of birth batch `batch`.
    func commit(batch: UInt64) {
        store.commitBirths(from: start, to: next, batch: batch, movesInZ: movesInZ, deaths: deaths)
    }

    // MARK: - The still batch (the fast path)

    /// Whether this cell's births can be written as still batches (`addStillBatch`): no extensions.
    var takesStillBatches: Bool { !hasExtensions }

    /// The draws of a birth that `addStillBatch` reads, as a mask (bit o: draw o, in `sample`'s order):
    /// longitude, speed and lifetime always; scale, spin and the four colour draws only when the cell has
    /// a range for them (`DrawBuffer.prefetch(reading:)` computes no others). The others do not change
    /// the birth: with a zero range, `sample` gives the same value for any draw.
    var stillBatchDraws: UInt64 {
        var mask: UInt64 = 0b111
        if constantScale == nil { mask |= 1 << 3 }
        if constantSpin == nil { mask |= 1 << 4 }
        if uninheritedColor == nil { mask |= 0b1111 << 5 }
        return mask
    }

    /// The motion of this cell's births for a still batch.
    private var batchMotion: BatchMotion {
        BatchMotion(
            endTime: endTime, epoch: epoch, latitudeCos: latitudeSinCos.cos, latitudeSin: latitudeSinCos.sin, ax: ax,
            ay: ay, az: az, speed: (means[0], ranges[0], multipliers[0]), life: (means[1], ranges[1], multipliers[1]))
    }

    /// Whether births at depth `z` born within the last `stepLength` seconds can go through
    /// `addStillBatch`: no extensions, and they stay at that depth (`BatchMotion.staysFlat`).
    func takesStillBatch(atDepth z: Double, stepLength: Double) -> Bool {
        takesStillBatches && batchMotion.staysFlat(atDepth: z, longestAge: stepLength)
    }

    /// Writes `n` births of a still emitter at `origin` in the layer frame with an uninherited colour from
    /// planar draws (`DrawBuffer.prefetch(reading: stillBatchDraws)`, carrying their longitudes): the
    /// values `sample` gives each, computed over the batch. `s.time` holds each birth's time. Only where
    /// `takesStillBatch(atDepth: origin.z, …)`.
    mutating func addStillBatch(
        _ draws: PrefetchedDraws, _ s: BirthScratch, count n: Int, from origin: (x: Double, y: Double, z: Double)
    ) {
        guard n > 0 else { return }
        guard let angles = draws.longitudes, angles.count >= n, draws.planeLength == n, !hasExtensions else {
            preconditionFailure("a still batch needs planar draws of its births, their longitudes and no extensions")
        }
        // Draw o of birth j is w[o · n + j]. Every draw read here must be in `stillBatchDraws`.
        let w = draws.words
        drawLooks(w, plane: n, s, count: n)
        let first = next
        let c = columns
        batchMotion.write(
            n, from: (origin.x, origin.y),
            BatchMotion.Inputs(time: s.time, cos: angles.cos, sin: angles.sin, speedDraws: w + n, lifeDraws: w + 2 * n),
            to: BatchMotion.Outputs(
                x: c.x + first, vx: c.vx + first, y: c.y + first, vy: c.vy + first, death: c.death + first,
                life: c.life + first))
        let (bounds, living) = DeathBounds.of(c.death + first, count: n, livingFrom: aliveFrom)
        deaths.include(bounds)
        writeSharedColumns(s, count: n, depth: Float(origin.z))
        alive += living
        died += n - living
        next = first + n
    }

    /// Scale, spin and colour of a batch into `s` for the looks the cell has a range for (the others
    /// are the same for every birth: `constantScale`, `constantSpin`, `uninheritedColor`).
    private func drawLooks(_ w: UnsafePointer<UInt32>, plane n: Int, _ s: BirthScratch, count: Int) {
        if constantScale == nil {
            let sm = means[2]
            let sr = ranges[2]
            let smul = multipliers[2]
            let u = w + 3 &* n
            if clampsNegativeScale {
                for j in 0..<count { s.scale[j] = max(0, (sm + sr * PrefetchedDraws.signed(u[j])) * smul) }
            } else {
                for j in 0..<count { s.scale[j] = (sm + sr * PrefetchedDraws.signed(u[j])) * smul }
            }
        }
        if constantSpin == nil {
            let rm = means[3]
            let rr = ranges[3]
            let rmul = multipliers[3]
            let u = w + 4 &* n
            for j in 0..<count { s.spin[j] = (rm + rr * PrefetchedDraws.signed(u[j])) * rmul }
        }
        if uninheritedColor == nil {
            let r = w + 5 &* n
            let g = w + 6 &* n
            let b = w + 7 &* n
            let a = w + 8 &* n
            for j in 0..<count {
                let sColor = SIMD4(
                    PrefetchedDraws.signed(r[j]), PrefetchedDraws.signed(g[j]), PrefetchedDraws.signed(b[j]),
                    PrefetchedDraws.signed(a[j]))
                s.color[j] = HalfFloat.pack4(Self.clamp01((colorMeans + colorRanges * sColor) * .one))
            }
        }
    }

    /// z, vz, scale, spin and colour of a batch whose other columns are written: z is `depth` and vz +0
    /// for every birth (`BatchMotion.staysFlat`), the others theirs in `s` or constant. A shared column
    /// whose value one of the births does not take gets storage first, as `store` would give it one
    /// birth at a time (slot 0, while the store is empty, sets the shared value instead); a column still
    /// shared holds every birth's value already.
    private mutating func writeSharedColumns(_ s: BirthScratch, count n: Int, depth: Float) {
        let first = next
        let scale = constantScale
        let spin = constantSpin
        let color = uninheritedColor
        let vz: Float = 0
        if first == 0 {
            columns.z[0] = depth
            columns.vz[0] = vz
            columns.scale[0] = scale ?? s.scale[0]
            columns.spin[0] = spin ?? s.spin[0]
            rgba[0] = color ?? s.color[0]
        }
        // The births are written through first + n, so storage keeps them all.
        let written = first + n
        settle(.z, uniform: true, depth, written: written)
        settle(.vz, uniform: true, vz, written: written)
        settle(.scale, uniform: scale != nil || Self.uniform(s.scale, count: n), scale ?? s.scale[0], written: written)
        settle(.spin, uniform: spin != nil || Self.uniform(s.spin, count: n), spin ?? s.spin[0], written: written)
        let uniformColor = color != nil || Self.uniform(s.color, count: n)
        if rgba.isShared && (!uniformColor || rgba[0] != color ?? s.color[0]) {
            store.store(.color, written: written)
            refreshColumns()
        }
        let c = columns
        Self.write(c.z, at: first, depth, else: nil, count: n)
        Self.write(c.vz, at: first, vz, else: nil, count: n)
        Self.write(c.scale, at: first, scale, else: s.scale, count: n)
        Self.write(c.spin, at: first, spin, else: s.spin, count: n)
        Self.write(rgba, at: first, color, else: s.color, count: n)
    }

    /// Writes a batch's values of `column` from slot `first` unless the column is shared (it holds
    /// them already): `constant` in every slot, else the batch's own `values`.
    @inline(__always)
    private static func write<T>(
        _ column: SlotColumn<T>, at first: Int, _ constant: T?, else values: UnsafeMutablePointer<T>?,
        count n: Int
    ) {
        guard !column.isShared else { return }
        if let constant {
            (column.base + first).update(repeating: constant, count: n)
        } else if let values {
            (column.base + first).update(from: values, count: n)
        }
    }

    /// Gives shared Float column `column` storage unless every birth of the batch takes its value
    /// (`uniform`: all have the bits of `value`).
    @inline(__always)
    private mutating func settle(_ column: ParticleStore.SharedColumn, uniform: Bool, _ value: Float, written: Int) {
        guard let view = columns[shared: column], view.isShared,
            !uniform || view[0].bitPattern != value.bitPattern
        else { return }
        store.store(column, written: written)
        refreshColumns()
    }

    /// Whether the `n` words all equal the first, in one branch-free pass.
    @inline(__always)
    private static func uniform<Word: FixedWidthInteger>(_ values: UnsafeMutablePointer<Word>, count n: Int) -> Bool {
        let reference = values[0]
        var differs: Word = 0
        for j in 0..<n { differs |= values[j] ^ reference }
        return differs == 0
    }

    /// `uniform` of Floats, by their bits.
    @inline(__always)
    private static func uniform(_ values: UnsafeMutablePointer<Float>, count n: Int) -> Bool {
        uniform(UnsafeMutableRawPointer(values).assumingMemoryBound(to: UInt32.self), count: n)
    }

    /// The value `(mean + range·s) × multiplier` takes for every draw s when the range is zero, nil when
    /// it varies: range·s is then ±0, which leaves the mean unchanged unless the mean is −0.
    @inline(__always)
    static func constant(mean: Float, range: Float, multiplier: Float) -> Float? {
        guard range == 0 && !(mean == 0 && mean.sign == .minus) else { return nil }
        return (mean + range) * multiplier
    }

    /// Whether slot `i` would give a shared column a second value (checked on the writer's copies of
    /// the columns, so the common case makes no call into the store).
    @inline(__always)
    private static func differsFromShared(
        _ c: ParticleStore.Columns, _ rgba: SlotColumn<UInt64>, _ i: Int,
        z: Float, vz: Float, scale: Float, spin: Float, color: UInt64
    ) -> Bool {
        i > 0
            && ((c.z.isShared && c.z[0].bitPattern != z.bitPattern)
                || (c.vz.isShared && c.vz[0].bitPattern != vz.bitPattern)
                || (c.scale.isShared && c.scale[0].bitPattern != scale.bitPattern)
                || (c.spin.isShared && c.spin[0].bitPattern != spin.bitPattern)
                || (rgba.isShared && rgba[0] != color))
    }

    // MARK: - Checking against the reference

    /// How the stored birth in slot `i` differs from `b` (bit patterns; empty when it does not), naming
    /// each value.
    func differences(_ b: Birth, inSlot i: Int) -> [String] {
        let c = store.columns
        let stored: [(String, UInt32, UInt32)] = [
            ("x", c.x[i].bitPattern, b.x.bitPattern), ("y", c.y[i].bitPattern, b.y.bitPattern),
            ("z", c.z[i].bitPattern, b.z.bitPattern), ("vx", c.vx[i].bitPattern, b.vx.bitPattern),
            ("vy", c.vy[i].bitPattern, b.vy.bitPattern), ("vz", c.vz[i].bitPattern, b.vz.bitPattern),
            ("death", c.death[i].bitPattern, b.death.bitPattern), ("life", c.life[i].bitPattern, b.life.bitPattern),
            ("scale", c.scale[i].bitPattern, b.scale.bitPattern), ("spin", c.spin[i].bitPattern, b.spin.bitPattern),
        ]
        var found = stored.filter { $0.1 != $0.2 }.map {
            "\($0.0) \(Float(bitPattern: $0.1)), reference \(Float(bitPattern: $0.2))"
        }
        let word = c.colorWords[i]
        if word != b.word { found.append("colour \(String(word, radix: 16)), reference \(String(b.word, radix: 16))") }
        return found
    }

    /// Recomputes births `first` and `last` of the still batch just written from slot `firstSlot` through
    /// `sample`, reading each birth's own draws from the batch's planar `draws`, and traps on any
    /// difference. `birthTime` gives birth j's time as the general spawning loop computes it, so the
    /// batch's birth times are checked too.
    func checkStillBatch(
        _ draws: PrefetchedDraws, count n: Int, from origin: (x: Double, y: Double, z: Double), firstSlot: Int,
        birthTime: (Int) -> Double
    ) {
        for j in n == 1 ? [0] : [0, n - 1] where n > 0 {
            var own = BirthDraws(words: draws.words, plane: n, birth: j)
            let b = sample(
                &own, x: origin.x, y: origin.y, z: origin.z, frame: .layer, inherit: .one, birthTime: birthTime(j))
            let found = differences(b, inSlot: firstSlot + j)
            precondition(
                found.isEmpty,
                "internal check: birth \(j) of \(n) of a still batch differs from BirthWriter.sample: "
                    + found.joined(separator: "; "))
        }
    }
}

// MARK: - One birth's draws in planes

/// The draws of birth `birth` of planar prefetched draws (`DrawBuffer.prefetch(reading:)`), in
/// `sample`'s order: draw o at `words[o · plane + birth]`. Draws the batch did not compute hold other
/// numbers, which the birth must not depend on (`BirthWriter.stillBatchDraws`).
struct BirthDraws: RandomDraws {
    let words: UnsafePointer<UInt32>
    let plane: Int
    let birth: Int
    private var drawn = 0

    init(words: UnsafePointer<UInt32>, plane: Int, birth: Int) {
        (self.words, self.plane, self.birth) = (words, plane, birth)
    }

    mutating func nextUnitFloat() -> Float {
        defer { drawn += 1 }
        return PrefetchedDraws.unit(words[drawn * plane + birth])
    }

    mutating func nextSignedFloat() -> Float { nextUnitFloat() * 2 - 1 }
}
