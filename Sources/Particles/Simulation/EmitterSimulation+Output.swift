import Foundation
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
        var flipbooks: [FlipbookFrames?] = Array(repeating: nil, count: cells.count)
        for c in cells where c.params.isEnabled && (c.cell.contents != nil || c.trails != nil) && c.counters.alive > 0 {
            appearanceOfCell[c.index] = list.appearances.count
            var appearance = ParticleAppearance(cell: c.cell)
            if let book = c.params.effects?.flipbook {
                flipbooks[c.index] = FlipbookFrames(
                    book, base: appearance, first: list.appearances.count, store: c.store)
                appearance.contentsRect = book.rect(ofFrame: 0, in: appearance.contentsRect)
            }
            list.appearances.append(appearance)
        }
        collectRuns { appearanceOfCell[$0.index] >= 0 }
        let expected = cells.reduce(0) { $0 + (appearanceOfCell[$1.index] >= 0 ? $1.counters.alive : 0) }
        list.sprites.reserveCapacity(expected)
        var views: [ParticleStepView?] = Array(repeating: nil, count: cells.count)
        for c in cells where appearanceOfCell[c.index] >= 0 { views[c.index] = view(of: c) }
        var ribbons: [RibbonWriter?] = cells.map { c in
            guard appearanceOfCell[c.index] >= 0, let t = c.trails, let p = c.trailParams, let ids = c.store.ids else {
                return nil
            }
            return RibbonWriter(trails: t, params: p, ids: ids)
        }
        for run in runScratch {
            guard let v = views[run.cell] else { continue }
            let c = cells[run.cell]
            if ribbons[run.cell] != nil {
                Self.appendRibbons(of: v, range: run.start..<run.end, writer: &ribbons[run.cell]!, into: &list)
                if !(c.trailParams?.drawsParticle ?? true) || c.cell.contents == nil { continue }
            }
            let needsFiniteCheck = Self.appendSprites(
                of: v, range: run.start..<run.end, appearance: UInt16(truncatingIfNeeded: appearanceOfCell[run.cell]),
                streak: Self.streak(of: c), flipbook: &flipbooks[run.cell], appearances: &list.appearances,
                into: &list.sprites)
            if needsFiniteCheck { cells[run.cell].store.needsFiniteCheck = true }
        }
        switch list.renderMode {
        case .oldestLast:
            list.sprites.reverse()
            list.ribbons.reverse()
        case .backToFront:
            Self.sortFarToNear(&list.sprites)
        default:
            break
        }
    }

    /// Appends the ribbons of the visible live particles of `range` (docs/Particles.md, "Trails"): coloured
    /// as the particle is drawn, so a particle that fades takes its ribbon along.
    private static func appendRibbons(
        of v: ParticleStepView, range: Range<Int>, writer: inout RibbonWriter, into list: inout ParticleDrawList
    ) {
        for i in range where v.isAlive(i) {
            let look = v.look(i, age: v.age(i))
            guard quantize(look.color[3]) > 0 else { continue }
            let color = look.color.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
            writer.append(slot: i, head: (v.x[i], v.y[i]), color: color, into: &list)
        }
    }

    /// Appends the visible live particles of `range` as sprites (with the appearance of their flipbook
    /// frame, added to `appearances` when first shown). Returns whether it left one out for a non-finite
    /// value (its store is then checked at the next step).
    private static func appendSprites(
        of v: ParticleStepView, range: Range<Int>, appearance: UInt16, streak: Streak?,
        flipbook: inout FlipbookFrames?, appearances: inout [ParticleAppearance], into sprites: inout [ParticleSprite]
    ) -> Bool {
        var sawNonFinite = false
        for i in range where v.isAlive(i) {
            let age = v.age(i)
            let look = v.look(i, age: age)
            let a = quantize(look.color[3])
            if a == 0 || look.scale == 0 { continue }
            // The last guard before the compositor: nothing non-finite is drawn (docs/Limits.md).
            let (x, y, z) = (v.x[i], v.y[i], v.z(i))
            guard x.isFinite, y.isFinite, z.isFinite, look.scale.isFinite, look.rotation.isFinite else {
                sawNonFinite = true
                continue
            }
            var sprite = ParticleSprite(
                x: x, y: y, z: z, scale: look.scale, rotation: look.rotation, r: quantize(look.color[0]),
                g: quantize(look.color[1]), b: quantize(look.color[2]), a: a, appearance: appearance)
            if flipbook != nil {
                sprite.appearance = flipbook!.appearance(i, age: age, lifetime: v.lifetime(i), in: &appearances)
            }
            if let streak { streak.apply(to: &sprite, vx: v.vx[i], vy: v.vy[i]) }
            sprites.append(sprite)
        }
        return sawNonFinite
    }

    /// How `stretchWithVelocity` draws a cell's sprites: along the velocity, longer by the distance covered
    /// in `seconds` (docs/Particles.md, "Streaks").
    struct Streak {
        /// The stretch time, seconds (> 0).
        var seconds: Float
        /// The sprite's width at scale 1, points.
        var width: Float

        /// Turns `sprite`'s x axis to the velocity (vx, vy) and lengthens it; a particle at rest keeps its
        /// rotation and length.
        @inline(__always)
        func apply(to sprite: inout ParticleSprite, vx: Float, vy: Float) {
            let speed = (vx * vx + vy * vy).squareRoot()
            let w = width * abs(sprite.scale)
            guard speed > 0, speed.isFinite, w > 0 else { return }
            sprite.rotation = atan2f(vy, vx)
            sprite.stretch = 1 + seconds * speed / w
        }
    }

    /// The streak of cell `c`, nil when it does not stretch (or has no contents).
    static func streak(of c: CellRuntime) -> Streak? {
        guard let k = c.params.effects?.stretchWithVelocity, k > 0, let image = c.cell.contents else { return nil }
        let scale = Double(c.cell.contentsScale)
        // A flipbook's sprite is one frame wide.
        let columns = Double(c.params.effects?.flipbook?.columns ?? 1)
        let w =
            Double(image.width) * Double(c.cell.contentsRect.width) / columns
            / (scale > 0 && scale.isFinite ? scale : 1)
        return w > 0 && w.isFinite ? Streak(seconds: k, width: Float(w)) : nil
    }

    /// The appearances of one flipbook cell's frames in a draw list (docs/Particles.md, "Flipbooks"): each
    /// frame's is the cell's with the frame's rectangle as `contentsRect`, added when a sprite first
    /// shows it, so the compositor samples the frame as it samples any `contentsRect`.
    struct FlipbookFrames {
        let book: ParticleFlipbook
        /// The cell's appearance (its whole `contentsRect`).
        let base: ParticleAppearance
        /// The appearance index of each frame, −1 until a sprite shows it.
        var appearanceOfFrame: [Int]
        /// The particles' start frames (`randomStartFrame`), nil when they all start at 0.
        let start: UnsafeMutablePointer<Float>?

        /// The frames of `book` for a cell of appearance `base`, whose frame 0 is at index `first`.
        init(_ book: ParticleFlipbook, base: ParticleAppearance, first: Int, store: ParticleStore) {
            self.book = book
            self.base = base
            appearanceOfFrame = Array(repeating: -1, count: book.frameCount)
            appearanceOfFrame[0] = first
            start = book.randomStartFrame ? store.extras[ExtraColumn.frameStart.rawValue] : nil
        }

        /// The appearance of slot `i` at `age` (of `lifetime` seconds); a list already holding as many
        /// appearances as an index can name shows frame 0 instead of adding one.
        @inline(__always)
        mutating func appearance(_ i: Int, age: Float, lifetime: Float, in appearances: inout [ParticleAppearance])
            -> UInt16
        {
            let n = book.frameCount
            let s = start.map { p -> Int in
                let v = p[i]
                return v >= 0 && v < Float(n) ? Int(v) : 0
            }
            let k = book.frame(age: age, lifetime: lifetime, start: s ?? 0)
            if appearanceOfFrame[k] < 0 {
                guard appearances.count <= Int(UInt16.max) else { return UInt16(appearanceOfFrame[0]) }
                var a = base
                a.contentsRect = book.rect(ofFrame: k, in: base.contentsRect)
                a.frame = k
                appearanceOfFrame[k] = appearances.count
                appearances.append(a)
            }
            return UInt16(truncatingIfNeeded: appearanceOfFrame[k])
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
        let views = cells.map { view(of: $0) }
        for run in runScratch {
            let c = cells[run.cell]
            for i in run.start..<run.end where views[run.cell].isAlive(i) {
                records.append(record(of: c, views[run.cell], slot: i))
            }
        }
        return records
    }

    /// The record of slot `i` of the view `v` of cell `c`.
    func record(of c: CellRuntime, _ v: ParticleStepView, slot i: Int) -> ParticleRecord {
        let age = v.age(i)
        let look = v.look(i, age: age)
        return ParticleRecord(
            cell: c.model, cellIndex: c.index, x: v.x[i], y: v.y[i], z: v.z(i), vx: v.vx[i], vy: v.vy[i], vz: v.vz(i),
            age: age, lifetime: v.lifetime(i), red: Self.clamp01(look.color[0]), green: Self.clamp01(look.color[1]),
            blue: Self.clamp01(look.color[2]), alpha: Self.clamp01(look.color[3]), scale: look.scale,
            rotation: look.rotation, spin: c.store.spin[i])
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
        for c in cells {
            hasher.combine(c.index)
            hasher.combine(c.counters.alive)
            hasher.combine(c.counters.born)
            hasher.combine(c.counters.died)
            hasher.combine(c.counters.dropped)
            hasher.combine(c.accumulator)
            // Only cells that emit by distance have this state, so other hashes keep their layout.
            if c.params.effects.map({ $0.birthsPerPoint > 0 }) ?? false { hasher.combine(c.distanceAccumulator) }
            hashTrails(of: c, into: &hasher)
            let s = c.store
            let v = view(of: c)
            for i in 0..<s.count where v.isAlive(i) {
                let r = record(of: c, v, slot: i)
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
