import Foundation

// MARK: - Effect extensions of CAEmitterCell

/// Cell properties for effects Core Animation cannot express (values over life, streaks, event cells,
/// emission by distance; docs/Particles.md, "Effects"). Every default switches its feature off, so a cell
/// that sets none behaves, draws, hashes and stores exactly as before.
struct CellEffectState {
    var colorOverLife: ParticleColorCurve? = nil
    var alphaOverLife: ParticleValueCurve? = nil
    var scaleOverLife: ParticleValueCurve? = nil
    var spinOverLife: ParticleValueCurve? = nil
    var stretchWithVelocity: CGFloat = 0
    var birthCells: [String] = []
    var deathCells: [String] = []
    var burstCount = 1
    var burstProbability: Float = 1
    var birthsPerPoint: CGFloat = 0
    var speedOverLife: ParticleValueCurve? = nil
    var contentsFrames: ParticleFlipbook? = nil
}

extension CAEmitterCell {
    // MARK: - Values over life

    /// Colour over each particle's own life, or nil (default): stops `(t, colour)` with t the life
    /// fraction (age ÷ lifetime, 0…1), interpolated premultiplied; the result multiplies the particle's
    /// sampled colour per component (so colour ranges keep their variety), and `redSpeed`…`alphaSpeed`
    /// are not used while it is set. Extension.
    public var colorOverLife: ParticleColorCurve? {
        get { state.effects.colorOverLife }
        set {
            state.effects.colorOverLife = newValue
            cellDidChange()
        }
    }

    /// Alpha multiplier over each particle's life (t = age ÷ lifetime, 0…1), or nil (default); while set,
    /// `alphaSpeed` is not used. Extension.
    public var alphaOverLife: ParticleValueCurve? {
        get { state.effects.alphaOverLife }
        set {
            state.effects.alphaOverLife = newValue
            cellDidChange()
        }
    }

    /// Scale multiplier over each particle's life (t = age ÷ lifetime, 0…1), or nil (default); while
    /// set, `scaleSpeed` is not used (end scales of `endScale` still apply, multiplied). Extension.
    public var scaleOverLife: ParticleValueCurve? {
        get { state.effects.scaleOverLife }
        set {
            state.effects.scaleOverLife = newValue
            cellDidChange()
        }
    }

    /// Spin multiplier over each particle's life (t = age ÷ lifetime, 0…1), or nil (default): the
    /// particle turns at spin × value(t) radians per second, so its rotation is its birth rotation +
    /// spin × lifetime × ∫₀ᵗ value. Extension.
    public var spinOverLife: ParticleValueCurve? {
        get { state.effects.spinOverLife }
        set {
            state.effects.spinOverLife = newValue
            cellDidChange()
        }
    }

    // MARK: - Speed over life

    /// Speed multiplier over each particle's life (t = age ÷ lifetime, 0…1), or nil (default): the
    /// particle moves value(t) times as fast as its own velocity says, along it, so a curve that ends at 0
    /// stops it. Its own velocity (what snapshots report, what acceleration changes) is kept: the curve
    /// scales how far it moves, so over a life without acceleration it covers speed × lifetime × ∫₀ᵗ value.
    /// Orbiting particles (`orbitRadius`) are not scaled. Extension (Unity's Speed Modifier).
    public var speedOverLife: ParticleValueCurve? {
        get { state.effects.speedOverLife }
        set {
            state.effects.speedOverLife = newValue
            cellDidChange()
        }
    }

    // MARK: - Streaks

    /// Stretch along the velocity, seconds, ≥ 0. Default 0 (off). When > 0, each sprite's x axis turns
    /// to its velocity (the rotation is then the velocity's angle) and the sprite is drawn longer along
    /// it by the distance the particle covers in this time: length = width × scale + this × speed
    /// (Unity's stretched billboard "velocity scale"). Rain streaks, sparks. Extension.
    public var stretchWithVelocity: CGFloat {
        get { state.effects.stretchWithVelocity }
        set {
            state.effects.stretchWithVelocity = newValue
            cellDidChange()
        }
    }

    // MARK: - Event cells

    /// Names of this cell's own `emitterCells` that emit only when one of this cell's particles is born:
    /// a burst of each such sub-cell's `burstCount` particles (with probability `burstProbability`) at
    /// the parent's position, angles measured from its direction of motion. Default [] (sub-cells emit
    /// continuously, as in Core Animation). Extension.
    public var birthCells: [String] {
        get { state.effects.birthCells }
        set {
            state.effects.birthCells = newValue
            cellDidChange()
        }
    }

    /// Names of this cell's own `emitterCells` that emit only when one of this cell's particles dies (its
    /// lifetime ends): a burst as for `birthCells`, where and in the direction the parent was moving when
    /// it died. Default []. Extension.
    public var deathCells: [String] {
        get { state.effects.deathCells }
        set {
            state.effects.deathCells = newValue
            cellDidChange()
        }
    }

    /// Particles of this cell per event, when it is one of its parent's `birthCells` or `deathCells`
    /// (or a contact cell, docs/Physics.md), integer ≥ 1. Default 1. Extension.
    public var burstCount: Int {
        get { state.effects.burstCount }
        set {
            state.effects.burstCount = newValue
            cellDidChange()
        }
    }

    /// Chance that an event bursts at all, 0…1, drawn per event from the emitter's seeded generator
    /// (no draw while it is 1). Default 1. Extension.
    public var burstProbability: Float {
        get { state.effects.burstProbability }
        set {
            state.effects.burstProbability = newValue
            cellDidChange()
        }
    }

    // MARK: - Emission by distance

    /// Births per point the emitter position moves, ≥ 0, in addition to `birthRate`; placed evenly along
    /// the path the emitter took within each step, so a dragged emitter leaves evenly spaced particles
    /// at any speed and frame rate. Top-level cells only. Default 0 (off). Extension (Unity's Rate over
    /// Distance).
    public var birthsPerPoint: CGFloat {
        get { state.effects.birthsPerPoint }
        set {
            state.effects.birthsPerPoint = newValue
            cellDidChange()
        }
    }

    /// Whether the cell uses any of the effect extensions.
    public var usesEffects: Bool {
        let e = state.effects
        return e.colorOverLife != nil || e.alphaOverLife != nil || e.scaleOverLife != nil || e.spinOverLife != nil
            || e.stretchWithVelocity != 0 || !e.birthCells.isEmpty || !e.deathCells.isEmpty || e.birthsPerPoint != 0
            || e.speedOverLife != nil || e.contentsFrames != nil
    }

    // MARK: - Key-value coding

    /// The effect keys with their defaults. The state hash of a tree (EmitterKit's `LayerStateHash`)
    /// leaves out a key at its default, so scenes that use no effect keep their hashes.
    public static let effectKeyDefaults: [String: LayerValue] = [
        "colorOverLife": .none, "alphaOverLife": .none, "scaleOverLife": .none, "spinOverLife": .none,
        "stretchWithVelocity": .number(0), "burstCount": .number(1), "burstProbability": .number(1),
        "birthsPerPoint": .number(0), "speedOverLife": .none,
        "contentsFrames": .none,
    ]

    /// The key table of the effect properties (merged into `keyAccessors`). Curves travel as flat number
    /// lists: `[interpolation index (linear 0, smooth 1, step 2), t₀, v₀, t₁, v₁, …]`, colours with four
    /// components per stop.
    static let effectAccessors: [String: LayerKeyAccessor] = LayerKeyAccessor.table(effectKeys)

    /// One description per effect property.
    static let effectKeys: [KeyDescription<CAEmitterCell>] = [
        .init(
            "colorOverLife", get: { $0.colorOverLife.map { .numbers($0.flattened) } ?? .none },
            set: { cell, value, path in
                cell.colorOverLife = try curveValue(value, path: path) { try ParticleColorCurve(flattened: $0) }
            }),
        curveKey("alphaOverLife", \.alphaOverLife),
        curveKey("scaleOverLife", \.scaleOverLife),
        curveKey("spinOverLife", \.spinOverLife),
        curveKey("speedOverLife", \.speedOverLife),
        contentsFramesKey,
        .init("stretchWithVelocity", \.stretchWithVelocity, .nonNegative, animatable: true),
        .init("birthsPerPoint", \.birthsPerPoint, .nonNegative, animatable: true),
        .init(
            "burstCount", rule: .nonNegative, get: { .number(Double($0.burstCount)) },
            set: { cell, value, path in
                let n = try value.int(path: path)
                guard n >= 1 else {
                    throw KeyPathError.invalidValue(path: path, message: "expected an integer ≥ 1, got \(n)")
                }
                cell.burstCount = n
            }),
        .init(
            "burstProbability", animatable: true, rule: .nonNegative, get: { .number(Double($0.burstProbability)) },
            set: { cell, value, path in
                let p = try value.float(path: path)
                guard p >= 0, p <= 1 else {
                    throw KeyPathError.invalidValue(path: path, message: "expected a number in 0…1, got \(value)")
                }
                cell.burstProbability = p
            }),
    ]

    /// The description of a value curve property.
    private static func curveKey(
        _ key: String, _ property: ReferenceWritableKeyPath<CAEmitterCell, ParticleValueCurve?>
    ) -> KeyDescription<CAEmitterCell> {
        .init(
            key, get: { $0[keyPath: property].map { .numbers($0.flattened) } ?? .none },
            set: { cell, value, path in
                cell[keyPath: property] = try curveValue(value, path: path) { try ParticleValueCurve(flattened: $0) }
            })
    }

    /// A curve from its key-value form (nil for `.none`), its errors as `KeyPathError`s.
    private static func curveValue<Curve>(_ value: LayerValue, path: String, _ make: ([Double]) throws -> Curve)
        throws -> Curve?
    {
        switch value {
        case .none: return nil
        case .numbers(let list):
            do {
                return try make(list)
            } catch let e as ParticleCurveError {
                throw KeyPathError.invalidValue(path: path, message: e.description)
            }
        default: throw value.mismatch(path, "curve")
        }
    }
}
