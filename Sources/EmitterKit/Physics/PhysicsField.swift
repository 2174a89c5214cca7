import Foundation

/// A force field in the engine: a `ForceField` with what it moves, optionally carried by a layer.
///
/// Every fixed step the engine applies it to the particles of every emitter (in world, that is root
/// layer, coordinates) and to the dynamic bodies whose shapes' categories meet `categoryMask`. Change
/// any property between steps (from `Engine.onFixedStep`, for example) to animate it; with `layer`
/// set, the field's position follows the layer's presented position at every step.
public final class PhysicsField {
    // MARK: - Properties

    /// The field's kind, strength, region and noise.
    public var field: ForceField
    /// A name for tools and look-ups (`Engine.field(named:)`). Default nil.
    public var name: String?
    /// Whether particles feel the field. Default true.
    public var affectsParticles: Bool
    /// Whether dynamic bodies (layers' bodies) feel it, as mass × acceleration at their centre of
    /// gravity. Default true.
    public var affectsBodies: Bool
    /// Bodies with a shape whose categories share a bit with this mask are affected. Default all bits.
    public var categoryMask: UInt32
    /// When set, the field's centre is this layer's position (presentation value at each step, in root
    /// coordinates). Default nil.
    public weak var layer: CALayer?

    // MARK: - Creating

    /// A field acting on particles and bodies.
    public init(
        _ field: ForceField, name: String? = nil, affectsParticles: Bool = true, affectsBodies: Bool = true,
        categoryMask: UInt32 = .max, attachedTo layer: CALayer? = nil
    ) {
        self.field = field
        self.name = name
        self.affectsParticles = affectsParticles
        self.affectsBodies = affectsBodies
        self.categoryMask = categoryMask
        self.layer = layer
    }

    /// The field a scene describes (docs/SceneFormat.md, "Fields"). Throws a message naming the field
    /// when a value is out of the Physics module's range.
    static func make(from d: FieldDescription, index: Int) throws -> PhysicsField {
        var f: ForceField
        switch d.type {
        case .radialGravity: f = ForceField(kind: .radialGravity)
        case .vortex: f = ForceField(kind: .vortex)
        case .drag: f = ForceField(kind: .drag)
        case .spring: f = ForceField(kind: .spring)
        case .noise: f = ForceField(kind: .turbulence)
        case .turbulence: f = ForceField(kind: .speedTurbulence)
        case .linearGravity:
            f = ForceField(kind: .linearGravity)
            let length = hypot(Double(d.direction.dx), Double(d.direction.dy))
            if length > 0 {
                f.vector = CGVector(
                    dx: Double(d.direction.dx) / length * d.strength, dy: Double(d.direction.dy) / length * d.strength)
            }
        }
        f.position = d.position
        f.strength = d.strength
        f.radius = d.radius
        f.falloff = d.falloff
        // The scene allows 0 (no clamp); the Physics module needs a positive distance.
        f.minimumRadius = max(d.minimumRadius, 1e-3)
        f.noiseScale = noiseScale(smoothness: d.smoothness)
        f.noiseSpeed = d.animationSpeed
        f.seed = UInt64(d.seed)
        f.isEnabled = d.isEnabled
        let place = "fields[\(index)]" + (d.name.map { " (\($0))" } ?? "")
        do {
            try f.validate()
        } catch {
            throw EngineError.invalidSetting("\(place): \(error)")
        }
        return PhysicsField(
            f, name: d.name, affectsParticles: d.affects != .bodies, affectsBodies: d.affects != .particles,
            categoryMask: d.categoryMask)
    }

    /// The swirl size of noise for a scene's `smoothness` (0…1): 25 × 16^smoothness points, so 0 gives
    /// 25-point swirls, the default 0.5 gives 100 and 1 gives 400.
    static func noiseScale(smoothness: Double) -> Double { 25 * pow(16, min(1, max(0, smoothness))) }
}
