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
        // clamp to [0, 1] removes, and × 1 changes nothing. (Extensions need the unpacked colour.)
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

    /// Writes one particle born at clock time `birthTime` at (x, y, z), emitted in `frame`, with its
    /// colour multiplied by `inherit`. Its sampled scale is multiplied by `inheritScale`, a sub-cell's
    /// parent's current scale, which carries the layer's scale (docs/Design.md §3.5), else by the layer's
    /// scale. Room must have been reserved. Draws, in this order: longitude offset, speed, lifetime,
    /// scale, spin, red, green, blue, alpha.
    @inline(__always)
    mutating func add<R: RandomDraws>(
        _ random: inout R, x: Double, y: Double, z: Double, frame: EmissionFrame,
        inherit: SIMD4<Float>, inheritScale: Float? = nil, birthTime: Double
    ) {
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
        let spin = v[3]
        let color = Self.clamp01((colorMeans + colorRanges * sColor) * inherit)

        // Aged by the rest of the step under constant acceleration (docs/Design.md §3.6).
        let age = max(0, endTime - birthTime)
        let half = 0.5 * age * age
        let v0x = direction.0 * speed
        let v0y = direction.1 * speed
        let v0z = direction.2 * speed
        let death = Float(birthTime + Double(life) - epoch)
        let (pz, vz) = Self.aged(z, v0z, az, age: age, half: half)
        let i = next
        var c = columns
        var spinOut = spin
        if hasExtensions, let e = extensionWriter {
            // Extension draws follow the Core Animation ones (docs/Particles.md, "Extensions").
            // Orbits measure their angle in the layer frame, not the shape's.
            let orbitLongitude = shapeLongitude == 0 ? lon : layerLongitude + emissionRange * (uLongitude - 0.5)
            let m = e.write(
                i, &random, x: x, y: y, z: z, v0: (v0x, v0y, v0z), g: (ax, ay, az), age: age,
                longitude: orbitLongitude, life: life, color: color, scale: scale,
                layerScale: scaleMultiplier, spin: &spinOut)
            c.x[i] = Float(m.x)
            c.y[i] = Float(m.y)
            c.vx[i] = Float(m.vx)
            c.vy[i] = Float(m.vy)
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
            && store.prepareSlot(i, z: pz, vz: vz, scale: scale, spin: spinOut, color: word)
        {
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
    /// acceleration `a` (`half` = ½·age²), as stored (docs/Design.md §3.6).
    @inline(__always)
    static func aged(_ p: Double, _ v0: Double, _ a: Double, age: Double, half: Double) -> (p: Float, v: Float) {
        (Float(p + v0 * age + a * half), Float(v0 + a * age))
    }

    /// Whether `addLayerBatch` can write this cell's births (no extensions).
    var writesLayerBatches: Bool { !hasExtensions }

    /// Writes `n` births emitted in the layer frame with an uninherited colour (top-level cells
    /// without extensions) from prefetched draws: the values `add` would write for each, computed over
    /// the batch instead of one birth at a time. `s` holds each birth's time, and its position unless
    /// every birth starts at `origin`; birth j's draws start at `shapeDraws + j·stride` in `draws` (its
    /// shape draws come first), and `draws` carries their longitudes.
    mutating func addLayerBatch(
        _ draws: PrefetchedDraws, stride: Int, shapeDraws: Int, _ s: BirthScratch, count n: Int,
        from origin: (x: Double, y: Double, z: Double)? = nil
    ) {
        guard n > 0 else { return }
        guard let angles = draws.longitudes, angles.count >= n, !hasExtensions else {
            preconditionFailure("layer batches need a longitude table and no extensions")
        }
        // Draw o of birth j is w[j · birthStride + o · drawStride]: in the generator's order, or in
        // planes (a still emitter's births, whose shape takes no draws).
        let w: UnsafePointer<UInt32>
        let birthStride: Int
        let drawStride: Int
        if let plane = draws.planeLength {
            precondition(plane == n && shapeDraws == 0, "planar draws hold one chunk of births without shape draws")
            (w, birthStride, drawStride) = (draws.words, 1, plane)
        } else {
            (w, birthStride, drawStride) = (draws.words + shapeDraws, stride, 1)
        }
        // Every draw read here must be in `layerBatchDraws`: the planar path computes no others.
        var speedDraws = w + drawStride
        var lifeDraws = w + 2 &* drawStride
        if birthStride != 1 {
            for j in 0..<n {
                s.speedDraws[j] = speedDraws[j &* birthStride]
                s.lifeDraws[j] = lifeDraws[j &* birthStride]
            }
            (speedDraws, lifeDraws) = (UnsafePointer(s.speedDraws), UnsafePointer(s.lifeDraws))
        }
        drawLooks(w, birthStride: birthStride, drawStride: drawStride, s, count: n)
        let first = next
        let c = columns
        let motion = BatchMotion(
            endTime: endTime, epoch: epoch, latitudeCos: latitudeSinCos.cos,
            latitudeSin: latitudeSinCos.sin, ax: ax, ay: ay, az: az,
            speed: (means[0], ranges[0], multipliers[0]), life: (means[1], ranges[1], multipliers[1]))
        let input = BatchMotion.Inputs(
            time: s.time, cos: angles.cos, sin: angles.sin, speedDraws: speedDraws, lifeDraws: lifeDraws)
        let output = BatchMotion.Outputs(
            x: c.x + first, vx: c.vx + first, y: c.y + first, vy: c.vy + first,
            death: c.death + first, life: c.life + first, z: s.pz, vz: s.vz)
        // Births that provably stay at their emitter's depth skip z and vz (most emitters are planar).
        var flat = false
        if let origin {
            let still = StillOrigin(x: origin.x, y: origin.y, z: origin.z)
            flat = motion.staysFlat(atDepth: origin.z) && motion.write(n, from: still, input, to: output, Flat.self)
            if !flat { _ = motion.write(n, from: still, input, to: output, Depth.self) }
        } else {
            _ = motion.write(n, from: ScratchOrigins(x: s.x, y: s.y, z: s.z), input, to: output, Depth.self)
        }
        let summary = BatchMotion.summary(
            death: output.death, depth: flat ? nil : (UnsafePointer(s.pz), UnsafePointer(s.vz)),
            count: n, aliveFrom: aliveFrom)
        deaths.include(summary.deaths)
        writeSharedColumns(s, summary, count: n, flatDepth: flat ? origin.map { Float($0.z) } : nil)
        if summary.movesInZ { movesInZ = true }
        alive += summary.living
        died += n - summary.living
        next = first + n
    }

    /// Scale, spin and colour of a batch into `s` for the looks the cell has a range for (the others
    /// are the same for every birth: `constantScale`, `constantSpin`, `uninheritedColor`).
    private func drawLooks(
        _ w: UnsafePointer<UInt32>, birthStride: Int, drawStride: Int, _ s: BirthScratch, count n: Int
    ) {
        if constantScale == nil {
            let sm = means[2]
            let sr = ranges[2]
            let smul = multipliers[2]
            let u = w + 3 &* drawStride
            if clampsNegativeScale {
                for j in 0..<n { s.scale[j] = max(0, (sm + sr * PrefetchedDraws.signed(u[j &* birthStride])) * smul) }
            } else {
                for j in 0..<n { s.scale[j] = (sm + sr * PrefetchedDraws.signed(u[j &* birthStride])) * smul }
            }
        }
        if constantSpin == nil {
            let rm = means[3]
            let rr = ranges[3]
            let rmul = multipliers[3]
            let u = w + 4 &* drawStride
            for j in 0..<n { s.spin[j] = (rm + rr * PrefetchedDraws.signed(u[j &* birthStride])) * rmul }
        }
        if uninheritedColor == nil {
            let r = w + 5 &* drawStride
            let g = w + 6 &* drawStride
            let b = w + 7 &* drawStride
            let a = w + 8 &* drawStride
            for j in 0..<n {
                let k = j &* birthStride
                let sColor = SIMD4(
                    PrefetchedDraws.signed(r[k]), PrefetchedDraws.signed(g[k]),
                    PrefetchedDraws.signed(b[k]), PrefetchedDraws.signed(a[k]))
                s.color[j] = HalfFloat.pack4(Self.clamp01((colorMeans + colorRanges * sColor) * .one))
            }
        }
    }

    /// z, vz, scale, spin and colour of a batch whose other columns are written. A shared column
    /// whose value one of the births does not take gets storage first, as `add` would give it one
    /// birth at a time (slot 0, while the store is empty, sets the shared value instead); a column
    /// still shared holds every birth's value already. A batch that stayed flat at `flatDepth` has
    /// that z and vz +0 for every birth, the others theirs in `s`.
    private mutating func writeSharedColumns(
        _ s: BirthScratch, _ summary: BatchMotion.Summary, count n: Int,
        flatDepth: Float?
    ) {
        let first = next
        let scale = constantScale
        let spin = constantSpin
        let color = uninheritedColor
        let z = flatDepth ?? s.pz[0]
        let vz = flatDepth == nil ? s.vz[0] : 0
        if first == 0 {
            columns.z[0] = z
            columns.vz[0] = vz
            columns.scale[0] = scale ?? s.scale[0]
            columns.spin[0] = spin ?? s.spin[0]
            rgba[0] = color ?? s.color[0]
        }
        // The births are written through first + n, so storage keeps them all.
        let written = first + n
        settle(.z, uniform: summary.uniformZ, z, written: written)
        settle(.vz, uniform: summary.uniformVZ, vz, written: written)
        settle(.scale, uniform: scale != nil || Self.uniform(s.scale, count: n), scale ?? s.scale[0], written: written)
        settle(.spin, uniform: spin != nil || Self.uniform(s.spin, count: n), spin ?? s.spin[0], written: written)
        let uniformColor = color != nil || Self.uniform(s.color, count: n)
        if rgba.isShared && (!uniformColor || rgba[0] != color ?? s.color[0]) {
            store.store(.color, written: written)
            refreshColumns()
        }
        let c = columns
        let flat = flatDepth != nil
        Self.write(c.z, at: first, flat ? z : nil, else: s.pz, count: n)
        Self.write(c.vz, at: first, flat ? vz : nil, else: s.vz, count: n)
        Self.write(c.scale, at: first, scale, else: s.scale, count: n)
        Self.write(c.spin, at: first, spin, else: s.spin, count: n)
        Self.write(rgba, at: first, color, else: s.color, count: n)
    }

    /// Writes a batch's values of `column` from slot `first` unless the column is shared (it holds
    /// them already): `constant` in every slot, else the batch's own `values`.
    @inline(__always)
    private static func write<T>(
        _ column: SlotColumn<T>, at first: Int, _ constant: T?, else values: UnsafeMutablePointer<T>,
        count n: Int
    ) {
        guard !column.isShared else { return }
        if let constant {
            (column.base + first).update(repeating: constant, count: n)
        } else {
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

    /// Adds the written births to the store as one run of birth batch `batch`.
    func commit(batch: UInt64) {
        store.commitBirths(from: start, to: next, batch: batch, movesInZ: movesInZ, deaths: deaths)
    }
}
