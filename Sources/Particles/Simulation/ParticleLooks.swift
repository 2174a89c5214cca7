import LayerKit

// MARK: - Look

/// How a particle looks at some age (docs/Design.md §3.8): its colour before clamping, its scale and its
/// rotation.
struct ParticleLook {
    /// Red, green, blue, alpha, not clamped to 0…1 (readers clamp as they need).
    var color: SIMD4<Float>
    /// Multiplier of the image size; negative draws mirrored.
    var scale: Float
    /// Radians.
    var rotation: Float
}

// MARK: - Looks of a cell

/// The look-at-age law of one cell's particles: colour, scale and rotation as functions of age, from the
/// bases stored at birth and the rates in effect (docs/Design.md §3.8; docs/Particles.md, "Extensions",
/// for the particles' own rates). The one place that law is written: the draw list, snapshots and the
/// state hash, sub-cells' inherited colour and scale, and the rebasing of a live rate change read it.
struct ParticleLooks {
    private let color: SlotColumn<UInt16>
    private let scale: SlotColumn<Float>, spin: SlotColumn<Float>
    /// The cell's colour and scale change per second the bases are relative to.
    private let colorRate: SIMD4<Float>, scaleRate: Float
    /// The particles' own rates and birth rotations, for a store with extension columns; nil for Core
    /// Animation cells, whose law has no such terms.
    private let own: OwnRates?
    /// The cell's curves over life (empty for a cell without them) and the lifetimes they read. Not an
    /// optional: binding one copies the whole fixed-size `LifeCurves` per particle.
    private let curves: LifeCurves, life: UnsafeMutablePointer<Float>
    /// Whether `curves` shapes anything: tested before touching `curves`.
    private let hasCurves: Bool

    /// The extension columns the law reads (each nil when the cell does not use it).
    private struct OwnRates {
        /// Colour change per second toward the particle's end colour, when all four columns are present.
        var color:
            (
                UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>,
                UnsafeMutablePointer<Float>
            )?
        /// Scale change per second toward the end scale.
        var scale: UnsafeMutablePointer<Float>?
        /// Rotation at birth, radians.
        var rotation: UnsafeMutablePointer<Float>?
    }

    /// The law of `store`'s particles with the cell's colour rates `colorRate` and scale rate `scaleRate`
    /// (those the stored bases are relative to: `CellRuntime.appliedColorSpeed`, `appliedScaleSpeed`).
    /// Valid until the store's columns move.
    init(
        _ store: ParticleStore, colorRate cs: (Float, Float, Float, Float), scaleRate: Float,
        curves: LifeCurves? = nil
    ) {
        self.curves = curves ?? LifeCurves(color: nil, alpha: nil, scale: nil, spin: nil)
        life = store.life
        hasCurves = !self.curves.isEmpty
        color = store.color
        scale = store.scale
        spin = store.spin
        colorRate = SIMD4(cs.0, cs.1, cs.2, cs.3)
        self.scaleRate = scaleRate
        guard store.extraMask != 0 else {
            own = nil
            return
        }
        let e = store.extras
        var rates:
            (
                UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>,
                UnsafeMutablePointer<Float>
            )?
        if let r = e[ExtraColumn.redSpeed.rawValue], let g = e[ExtraColumn.greenSpeed.rawValue],
            let b = e[ExtraColumn.blueSpeed.rawValue], let a = e[ExtraColumn.alphaSpeed.rawValue]
        {
            rates = (r, g, b, a)
        }
        own = OwnRates(
            color: rates, scale: e[ExtraColumn.scaleSpeed.rawValue], rotation: e[ExtraColumn.rotation.rawValue])
    }

    /// The look of slot `i` at `age` seconds.
    @inline(__always)
    func look(_ i: Int, age: Float) -> ParticleLook {
        let plain = baseLook(i, age: age)
        guard hasCurves else { return plain }
        return curves.shape(
            plain, age: age, lifetime: life[i], rotation0: own?.rotation?[i] ?? 0, spin: spin[i])
    }

    /// The look of slot `i` at `age` before the curves over life: what rebasing keeps continuous.
    @inline(__always)
    private func baseLook(_ i: Int, age: Float) -> ParticleLook {
        let base = HalfFloat.unpack4(color, i)
        guard let own else {
            return ParticleLook(
                color: base + colorRate * age, scale: Self.scale(base: scale[i], rate: scaleRate, age: age),
                rotation: spin[i] * age)
        }
        var rate = colorRate
        if let (r, g, b, a) = own.color { rate += SIMD4(r[i], g[i], b[i], a[i]) }
        let ownScale = own.scale?[i] ?? 0
        let rotation0 = own.rotation?[i] ?? 0
        return ParticleLook(
            color: base + rate * age, scale: Self.scale(base: scale[i], rate: scaleRate + ownScale, age: age),
            rotation: rotation0 + spin[i] * age)
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

    // MARK: - Rebasing

    /// Rewrites slot `i`'s colour and scale bases so that, relative to the cell's new rates
    /// (`newColorRate`, `newScaleRate`), it looks at `age` as it does under this law (colour clamped to
    /// 0…1, so a clamped value starts moving from the clamp): the law inverted at `age`.
    @inline(__always)
    func rebase(
        _ i: Int, age: Float, colorTo newColorRate: SIMD4<Float>?, scaleTo newScaleRate: Float?,
        in store: ParticleStore
    ) {
        let now = baseLook(i, age: age)
        if let newColorRate {
            var rate = newColorRate
            if let (r, g, b, a) = own?.color { rate += SIMD4(r[i], g[i], b[i], a[i]) }
            for k in 0..<4 {
                let current = min(max(now.color[k], 0), 1)
                store.color[4 * i + k] = HalfFloat.pack(current - rate[k] * age)
            }
        }
        if let newScaleRate {
            // A Core Animation cell's rate is the cell's alone (adding a zero could flip a −0).
            let rate = own?.scale.map { newScaleRate + $0[i] } ?? newScaleRate
            store.scale[i] = now.scale - rate * age
        }
    }
}
