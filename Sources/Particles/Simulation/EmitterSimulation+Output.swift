import LayerKit

// MARK: - Draw list, snapshot and state hash

extension EmitterSimulation {
    /// Fills `list` with the live particles in draw order (docs/Design.md §3.7): birth order across all
    /// cells for `unordered`, `oldestFirst` and `additive`; newest first for `oldestLast`; far to near
    /// (ascending z, then birth order) for `backToFront`.
    ///
    /// Cells with `isEnabled == false` or without contents are omitted, as are particles whose alpha
    /// rounds to 0 or whose scale is 0 (they would draw nothing); a negative scale is kept (the sprite
    /// drawn mirrored). Colours are clamped to 0…1 and rounded to 8 bits. The list's storage is reused.
    package func makeDrawList(into list: inout ParticleDrawList) {
        list.removeAll()
        list.renderMode = lastLayer.renderMode
        var appearanceOfCell = Array(repeating: -1, count: cells.count)
        for c in cells where c.params.isEnabled && c.cell.contents != nil && c.counters.alive > 0 {
            appearanceOfCell[c.index] = list.appearances.count
            list.appearances.append(ParticleAppearance(cell: c.cell))
        }
        collectRuns { appearanceOfCell[$0.index] >= 0 }
        let expected = cells.reduce(0) { $0 + (appearanceOfCell[$1.index] >= 0 ? $1.counters.alive : 0) }
        list.sprites.reserveCapacity(expected)
        let now = time - epoch
        let aliveFrom = aliveThreshold
        for run in runScratch {
            let c = cells[run.cell]
            Self.appendSprites(
                of: c.store, range: run.start..<run.end, now: now, aliveFrom: aliveFrom,
                colorSpeed: c.appliedColorSpeed, scaleSpeed: c.appliedScaleSpeed,
                appearance: UInt16(truncatingIfNeeded: appearanceOfCell[run.cell]), into: &list.sprites)
        }
        switch list.renderMode {
        case .oldestLast:
            list.sprites.reverse()
        case .backToFront:
            Self.sortFarToNear(&list.sprites)
        default:
            break
        }
    }

    /// Appends the visible live particles of `range` as sprites.
    private static func appendSprites(
        of s: ParticleStore, range: Range<Int>, now: Double, aliveFrom: Float,
        colorSpeed cs: (Float, Float, Float, Float), scaleSpeed: Float, appearance: UInt16,
        into sprites: inout [ParticleSprite]
    ) {
        let x = s.x
        let y = s.y
        let z = s.z
        let death = s.death
        let life = s.life
        let scale = s.scale
        let spin = s.spin
        let color = s.color
        if s.extraMask != 0 {
            for i in range where death[i] >= aliveFrom {
                let age = Float(now - (Double(death[i]) - Double(life[i])))
                let look = s.extendedLook(i, age: age, colorSpeed: cs, scaleSpeed: scaleSpeed)
                let a = quantize(look.color[3])
                if a == 0 || look.scale == 0 { continue }
                sprites.append(
                    ParticleSprite(
                        x: x[i], y: y[i], z: z[i], scale: look.scale, rotation: look.rotation,
                        r: quantize(look.color[0]), g: quantize(look.color[1]), b: quantize(look.color[2]),
                        a: a, appearance: appearance))
            }
            return
        }
        for i in range where death[i] >= aliveFrom {
            let age = Float(now - (Double(death[i]) - Double(life[i])))
            let a = quantize(HalfFloat.unpack(color[4 * i + 3]) + cs.3 * age)
            let sc = ParticleStore.scale(base: scale[i], rate: scaleSpeed, age: age)
            if a == 0 || sc == 0 { continue }
            // The last guard before the compositor: nothing non-finite is drawn (docs/Limits.md).
            let rotation = spin[i] * age
            guard x[i].isFinite, y[i].isFinite, z[i].isFinite, sc.isFinite, rotation.isFinite else {
                s.needsFiniteCheck = true
                continue
            }
            sprites.append(
                ParticleSprite(
                    x: x[i], y: y[i], z: z[i], scale: sc, rotation: rotation,
                    r: quantize(HalfFloat.unpack(color[4 * i]) + cs.0 * age),
                    g: quantize(HalfFloat.unpack(color[4 * i + 1]) + cs.1 * age),
                    b: quantize(HalfFloat.unpack(color[4 * i + 2]) + cs.2 * age),
                    a: a, appearance: appearance))
        }
    }

    /// A colour component clamped to 0…1 and rounded to 8 bits.
    @inline(__always)
    static func quantize(_ v: Float) -> UInt8 {
        UInt8(clamp01(v) * 255 + 0.5)
    }

    /// Stable sort by ascending z (far first); birth order breaks ties. Planar emitters skip the sort.
    private static func sortFarToNear(_ sprites: inout [ParticleSprite]) {
        guard let z0 = sprites.first?.z, sprites.contains(where: { $0.z != z0 }) else { return }
        let order = sprites.indices.sorted {
            sprites[$0].z < sprites[$1].z || (sprites[$0].z == sprites[$1].z && $0 < $1)
        }
        sprites = order.map { sprites[$0] }
    }

    /// Fills `runScratch` with the runs of the cells passing `include`, in global birth order: by
    /// birth batch, then by cell in depth-first declaration order.
    func collectRuns(_ include: (CellRuntime) -> Bool) {
        runScratch.removeAll(keepingCapacity: true)
        for c in cells where include(c) {
            let runs = c.store.runs
            for r in 0..<runs.count {
                let range = runs.range(of: r, slotCount: c.store.count)
                runScratch.append(
                    RunRef(batch: runs.batches[r], cell: c.index, start: range.lowerBound, end: range.upperBound))
            }
        }
        runScratch.sort { $0.batch != $1.batch ? $0.batch < $1.batch : $0.cell < $1.cell }
    }

    /// Every live particle as a value, in global birth order (the `unordered` draw order), all cells
    /// included (also disabled ones).
    public func snapshot() -> [ParticleRecord] {
        collectRuns { _ in true }
        var records: [ParticleRecord] = []
        records.reserveCapacity(liveCount)
        let aliveFrom = aliveThreshold
        for run in runScratch {
            let c = cells[run.cell]
            for i in run.start..<run.end where c.store.death[i] >= aliveFrom {
                records.append(record(of: c, slot: i))
            }
        }
        return records
    }

    /// The record of slot `i` of cell `c` at the current time.
    func record(of c: CellRuntime, slot i: Int) -> ParticleRecord {
        let s = c.store
        let age = Float((time - epoch) - (Double(s.death[i]) - Double(s.life[i])))
        let cs = c.appliedColorSpeed
        if s.extraMask != 0 {
            let look = s.extendedLook(i, age: age, colorSpeed: cs, scaleSpeed: c.appliedScaleSpeed)
            return ParticleRecord(
                cell: c.model, cellIndex: c.index, x: s.x[i], y: s.y[i], z: s.z[i], vx: s.vx[i], vy: s.vy[i],
                vz: s.vz[i],
                age: age, lifetime: s.life[i],
                red: Self.clamp01(look.color[0]), green: Self.clamp01(look.color[1]),
                blue: Self.clamp01(look.color[2]), alpha: Self.clamp01(look.color[3]),
                scale: look.scale, rotation: look.rotation, spin: s.spin[i])
        }
        return ParticleRecord(
            cell: c.model, cellIndex: c.index, x: s.x[i], y: s.y[i], z: s.z[i], vx: s.vx[i], vy: s.vy[i], vz: s.vz[i],
            age: age, lifetime: s.life[i],
            red: Self.clamp01(HalfFloat.unpack(s.color[4 * i]) + cs.0 * age),
            green: Self.clamp01(HalfFloat.unpack(s.color[4 * i + 1]) + cs.1 * age),
            blue: Self.clamp01(HalfFloat.unpack(s.color[4 * i + 2]) + cs.2 * age),
            alpha: Self.clamp01(HalfFloat.unpack(s.color[4 * i + 3]) + cs.3 * age),
            scale: ParticleStore.scale(base: s.scale[i], rate: c.appliedScaleSpeed, age: age),
            rotation: s.spin[i] * age, spin: s.spin[i])
    }

    /// Mixes the simulation state into `hasher` in the order documented in docs/Particles.md
    /// ("State hash"): header, clocks, generator, then every cell in depth-first order with its
    /// counters, accumulator and live particles in storage order.
    public func hash(into hasher: inout StateHasher) {
        hasher.combine(UInt64(0x5041_5254_4943_4C31))  // "PARTICL1": version of this layout
        hasher.combine(time)
        hasher.combine(layerTime)
        hasher.combine(random.state)
        hasher.combine(random.increment)
        hasher.combine(cells.count)
        let aliveFrom = aliveThreshold
        for c in cells {
            hasher.combine(c.index)
            hasher.combine(c.counters.alive)
            hasher.combine(c.counters.born)
            hasher.combine(c.counters.died)
            hasher.combine(c.counters.dropped)
            hasher.combine(c.accumulator)
            let s = c.store
            for i in 0..<s.count where s.death[i] >= aliveFrom {
                let r = record(of: c, slot: i)
                hasher.combine(r.x)
                hasher.combine(r.y)
                hasher.combine(r.z)
                hasher.combine(r.vx)
                hasher.combine(r.vy)
                hasher.combine(r.vz)
                hasher.combine(r.age)
                hasher.combine(r.lifetime)
                hasher.combine(r.red)
                hasher.combine(r.green)
                hasher.combine(r.blue)
                hasher.combine(r.alpha)
                hasher.combine(r.scale)
                hasher.combine(r.spin)
                for column in s.accumulatorColumns { hasher.combine(column[i]) }
                for column in s.extraColumns { hasher.combine(column[i]) }
            }
        }
    }

    /// The state hash (FNV-1a, docs/Particles.md "State hash") as a number.
    public var stateHash: UInt64 {
        var h = StateHasher()
        hash(into: &h)
        return h.value
    }
}

extension ParticleStore {
    /// Colour (unclamped), scale and rotation of slot `i` at `age` for a store with extension columns:
    /// the cell's rates plus the particle's own (end values), the rotation from its birth rotation.
    @inline(__always)
    func extendedLook(_ i: Int, age: Float, colorSpeed cs: (Float, Float, Float, Float), scaleSpeed: Float)
        -> (color: SIMD4<Float>, scale: Float, rotation: Float)
    {
        var rate = SIMD4(cs.0, cs.1, cs.2, cs.3)
        if let r = extras[ExtraColumn.redSpeed.rawValue], let g = extras[ExtraColumn.greenSpeed.rawValue],
            let b = extras[ExtraColumn.blueSpeed.rawValue], let a = extras[ExtraColumn.alphaSpeed.rawValue]
        {
            rate += SIMD4(r[i], g[i], b[i], a[i])
        }
        let base = HalfFloat.unpack4(color, i)
        let ownScale = extras[ExtraColumn.scaleSpeed.rawValue]?[i] ?? 0
        let rotation0 = extras[ExtraColumn.rotation.rawValue]?[i] ?? 0
        return (
            base + rate * age, Self.scale(base: self.scale[i], rate: scaleSpeed + ownScale, age: age),
            rotation0 + spin[i] * age
        )
    }

    /// The scale of a particle `age` seconds after its birth with scale `base`, changing by `rate` per
    /// second (docs/Design.md §3.8): `base + rate·age`, except that a particle born with a scale ≥ 0 stops
    /// at 0 when the rate brings it there (drawn nowhere until a rate change moves it again). A negative
    /// scale draws the sprite mirrored at its magnitude and follows `base + rate·age` through 0, as a
    /// transform's scale does: a mirrored sprite whose scale rises through 0 grows again unmirrored.
    @inline(__always)
    static func scale(base: Float, rate: Float, age: Float) -> Float {
        let s = base + rate * age
        return base < 0 ? s : max(0, s)
    }
}
