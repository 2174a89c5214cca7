import Foundation

// MARK: - Trail extension of CAEmitterCell

extension CAEmitterCell {
    /// The ribbon each particle of this cell leaves behind, or nil (default: no trail; the cell behaves,
    /// draws, hashes and stores exactly as without the extension). docs/Particles.md, "Trails". Extension.
    public var trail: ParticleTrail? {
        get { state.trail }
        set {
            state.trail = newValue
            cellDidChange()
        }
    }

    // MARK: - Key-value coding

    /// The trail keys with their defaults (all absent without a trail): the state hash of a tree leaves
    /// out a key at its default, so cells without a trail keep their hashes.
    public static let trailKeyDefaults: [String: LayerValue] = Dictionary(
        uniqueKeysWithValues: trailKeys.map { ($0.key, LayerValue.none) })

    /// The key table of the trail (merged into `keyAccessors`): `trail.duration`, `trail.width`, … so that
    /// `emitterCells.comet.trail.width` animates as Core Animation's cell keys do. Setting one on a cell
    /// without a trail is an error (set `trail` first); curves travel as the effect curves do.
    static let trailAccessors: [String: LayerKeyAccessor] = LayerKeyAccessor.table(trailKeys)

    /// One description per trail value.
    static let trailKeys: [KeyDescription<CAEmitterCell>] = [
        optionalTrailNumber("trail.duration", \.duration),
        optionalTrailNumber("trail.length", \.length),
        trailNumber("trail.width", \.width),
        .init(
            "trail.widthOverTrail", get: { $0.trail?.widthOverTrail.map { .numbers($0.flattened) } ?? .none },
            set: { cell, value, path in
                try cell.changeTrail(path) { trail in
                    trail.widthOverTrail = try trailCurve(value, path: path) { try ParticleValueCurve(flattened: $0) }
                }
            }),
        .init(
            "trail.colorOverTrail", get: { $0.trail?.colorOverTrail.map { .numbers($0.flattened) } ?? .none },
            set: { cell, value, path in
                try cell.changeTrail(path) { trail in
                    trail.colorOverTrail = try trailCurve(value, path: path) { try ParticleColorCurve(flattened: $0) }
                }
            }),
        .init(
            "trail.drawsParticle", get: { $0.trail.map { .bool($0.drawsParticle) } ?? .none },
            set: { cell, value, path in
                let b = try value.bool(path: path)
                try cell.changeTrail(path) { $0.drawsParticle = b }
            }),
        .init(
            "trail.maxPoints", rule: .nonNegative, get: { $0.trail.map { .number(Double($0.maxPoints)) } ?? .none },
            set: { cell, value, path in
                let n = try value.int(path: path)
                try cell.changeTrail(path) { $0.maxPoints = n }
            }),
    ]

    /// An optional number of the trail (`.none` clears it).
    private static func optionalTrailNumber(_ key: String, _ property: WritableKeyPath<ParticleTrail, CGFloat?>)
        -> KeyDescription<CAEmitterCell>
    {
        .init(
            key, animatable: true, rule: .positive,
            get: { cell in cell.trail.flatMap { $0[keyPath: property] }.map { .number(Double($0)) } ?? .none },
            set: { cell, value, path in
                let v: CGFloat? = value == .none ? nil : CGFloat(try value.double(path: path))
                try cell.changeTrail(path) { $0[keyPath: property] = v }
            })
    }

    /// A number of the trail.
    private static func trailNumber(_ key: String, _ property: WritableKeyPath<ParticleTrail, CGFloat>)
        -> KeyDescription<CAEmitterCell>
    {
        .init(
            key, animatable: true, rule: .nonNegative,
            get: { cell in cell.trail.map { .number(Double($0[keyPath: property])) } ?? .none },
            set: { cell, value, path in
                let v = CGFloat(try value.double(path: path))
                try cell.changeTrail(path) { $0[keyPath: property] = v }
            })
    }

    /// Changes the trail by `change` and validates it; without a trail, or when the result is not
    /// valid, throws a `KeyPathError` at `path` and changes nothing.
    private func changeTrail(_ path: String, _ change: (inout ParticleTrail) throws -> Void) throws {
        guard var t = trail else {
            throw KeyPathError.invalidValue(
                path: path, message: "the cell has no trail; set \"trail\" first (docs/Particles.md, \"Trails\")")
        }
        try change(&t)
        do {
            try t.validate()
        } catch let e as ParticleTrailError {
            throw KeyPathError.invalidValue(path: path, message: e.description)
        }
        trail = t
    }

    /// A curve from its key-value form (nil for `.none`), its errors as `KeyPathError`s.
    private static func trailCurve<Curve>(_ value: LayerValue, path: String, _ make: ([Double]) throws -> Curve)
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
