import Foundation
import LayerKit

/// A force field: an acceleration at every point of a round region, applied to particles (in batches
/// over contiguous arrays) and, when `appliesToBodies` is set and the field is in
/// `PhysicsWorld.forceFields`, to dynamic bodies as mass × acceleration at their centre of gravity.
///
/// Strength falls off with distance d from `position` as
/// `(minimumRadius / max(d, minimumRadius))^falloff`: `falloff` 0 (default) is uniform, 2 is
/// inverse-square; inside `minimumRadius` the full strength acts, so there is no singularity. Outside
/// `radius` (default `.infinity`) the field does nothing. Every property may be animated by the
/// engine (fields are values; set them each frame).
public struct ForceField: Equatable, Sendable {
    /// What the field does.
    public enum Kind: String, Sendable, CaseIterable {
        /// Pulls toward `position` with `strength` pt/s² (negative pushes away: a repulsor).
        case radialGravity
        /// Swirls around `position` with `strength` pt/s², positive turning +x toward +y (clockwise on screen).
        case vortex
        /// A uniform acceleration `vector`, pt/s² (within the region).
        case linearGravity
        /// Slows motion: acceleration −`strength` × velocity (`strength` in 1/s).
        case drag
        /// Smooth seeded noise: acceleration `strength` × (n₁, n₂) pt/s², where n are gradient noise
        /// values at (x, y) / `noiseScale` evolving at `noiseSpeed`.
        case turbulence
        /// Noise scaled by speed: acceleration `strength` × |v| × (n₁, n₂) pt/s² (`strength` in 1/s), the
        /// noise as for `turbulence` (SpriteKit's turbulence field: still objects feel nothing).
        case speedTurbulence
        /// A spring toward `position`: acceleration −`strength` × offset (`strength` in 1/s²).
        case spring
    }

    /// What the field does.
    public var kind: Kind
    /// The centre of the field and of its region, world points. Default (0, 0).
    public var position: CGPoint = .zero
    /// Radius of the region, points (> 0; `.infinity`, the default, for everywhere).
    public var radius: Double = .infinity
    /// The field's strength (see `Kind` for units). Default 0.
    public var strength: Double = 0
    /// The acceleration of `linearGravity`, pt/s². Default zero.
    public var vector: CGVector = .zero
    /// The falloff exponent, ≥ 0. Default 0 (uniform).
    public var falloff: Double = 0
    /// Distance inside which the full strength acts, > 0 points. Default 1.
    public var minimumRadius: Double = 1
    /// Turbulence: the size of its swirls, > 0 points. Default 100.
    public var noiseScale: Double = 100
    /// Turbulence: how fast it changes, noise cells per second (≥ 0). Default 1.
    public var noiseSpeed: Double = 1
    /// Turbulence: the seed of its noise. Default 0.
    public var seed: UInt64 = 0 {
        didSet { if seed != noise.seed { noise = GradientNoise(seed: seed) } }
    }
    /// Whether the world applies the field to dynamic bodies too. Default false.
    public var appliesToBodies = false
    /// A disabled field does nothing. Default true.
    public var isEnabled = true
    /// The noise of `seed`.
    var noise = GradientNoise(seed: 0)

    /// Creates a field of `kind` with default values.
    public init(kind: Kind) { self.kind = kind }

    // MARK: - Convenience

    /// An attractor (positive strength) or repulsor (negative) at `position`.
    public static func radialGravity(
        at position: CGPoint, strength: Double, radius: Double = .infinity,
        falloff: Double = 0, minimumRadius: Double = 1
    ) -> ForceField {
        var f = ForceField(kind: .radialGravity)
        (f.position, f.strength, f.radius, f.falloff, f.minimumRadius) = (
            position, strength, radius, falloff, minimumRadius
        )
        return f
    }

    /// A vortex around `position`.
    public static func vortex(
        at position: CGPoint, strength: Double, radius: Double = .infinity,
        falloff: Double = 0, minimumRadius: Double = 1
    ) -> ForceField {
        var f = ForceField(kind: .vortex)
        (f.position, f.strength, f.radius, f.falloff, f.minimumRadius) = (
            position, strength, radius, falloff, minimumRadius
        )
        return f
    }

    /// A uniform acceleration, everywhere or within `radius` of `position`.
    public static func linearGravity(_ vector: CGVector, at position: CGPoint = .zero, radius: Double = .infinity)
        -> ForceField
    {
        var f = ForceField(kind: .linearGravity)
        (f.vector, f.position, f.radius) = (vector, position, radius)
        return f
    }

    /// Linear drag of `coefficient` per second.
    public static func drag(_ coefficient: Double, at position: CGPoint = .zero, radius: Double = .infinity)
        -> ForceField
    {
        var f = ForceField(kind: .drag)
        (f.strength, f.position, f.radius) = (coefficient, position, radius)
        return f
    }

    /// Turbulence of `strength` pt/s² with swirls of `scale` points.
    public static func turbulence(
        strength: Double, scale: Double = 100, speed: Double = 1, seed: UInt64 = 0,
        at position: CGPoint = .zero, radius: Double = .infinity
    ) -> ForceField {
        var f = ForceField(kind: .turbulence)
        (f.strength, f.noiseScale, f.noiseSpeed, f.position, f.radius) = (strength, scale, speed, position, radius)
        f.seed = seed
        return f
    }

    // MARK: - Validation

    /// Checks every value; `apply` calls it once per batch.
    public func validate() throws {
        let place = "ForceField(\(kind.rawValue))"
        try Check.point(position, "\(place).position")
        try Check.finite(strength, "\(place).strength")
        if kind == .drag || kind == .spring {
            try Check.nonNegative(
                strength, "\(place).strength",
                fix: kind == .drag ? "Use a drag coefficient ≥ 0 per second." : "Use a strength ≥ 0.")
        }
        try Check.vector(vector, "\(place).vector")
        guard radius == .infinity || (radius.isFinite && radius > 0) else {
            throw PhysicsError(
                .invalidValue, place: "\(place).radius",
                problem: "expected a radius > 0 or infinity, got \(Check.describe(radius))",
                fix: "Use .infinity for a field everywhere.")
        }
        try Check.inRange(falloff, 0...16, "\(place).falloff", fix: "Use 0 for uniform strength, 2 for inverse-square.")
        try Check.positive(minimumRadius, "\(place).minimumRadius")
        try Check.positive(noiseScale, "\(place).noiseScale", fix: "Give the turbulence a swirl size > 0 points.")
        try Check.nonNegative(noiseSpeed, "\(place).noiseSpeed")
    }

    // MARK: - Applying

    /// Changes particle velocities by acceleration × dt, over contiguous arrays (structure of arrays).
    /// Positions are read, velocities updated in place.
    ///
    /// - Parameters:
    ///   - count: the number of particles.
    ///   - x: x positions, world points.
    ///   - y: y positions, world points.
    ///   - vx: x velocities, points per second.
    ///   - vy: y velocities, points per second.
    ///   - dt: the step, seconds (> 0).
    ///   - time: the simulated time, seconds (turbulence evolves with it).
    /// - Throws: `PhysicsError` when the field's settings are refused.
    public func apply(
        count: Int, x: UnsafePointer<Float>, y: UnsafePointer<Float>,
        vx: UnsafeMutablePointer<Float>, vy: UnsafeMutablePointer<Float>, dt: Double, time: Double
    ) throws {
        try validate()
        try Check.inRange(dt, 0...1, "ForceField.apply(dt:)")
        try Check.finite(time, "ForceField.apply(time:)")
        guard isEnabled, count > 0 else { return }
        let k = kernel(time: time)
        let fdt = Float(dt)
        noise.permutation.withUnsafeBufferPointer { perm in
            let p = perm.baseAddress!
            switch kind {
            case .radialGravity: Self.applyLoop(count, x, y, vx, vy, fdt) { k.radial($0, $1) }
            case .vortex: Self.applyLoop(count, x, y, vx, vy, fdt) { k.vortex($0, $1) }
            case .linearGravity: Self.applyLoop(count, x, y, vx, vy, fdt) { k.linear($0, $1) }
            case .drag: Self.applyDragLoop(count, x, y, vx, vy, fdt, k)
            case .turbulence: Self.applyLoop(count, x, y, vx, vy, fdt) { k.turbulence(p, $0, $1) }
            case .speedTurbulence: Self.applySpeedTurbulenceLoop(count, x, y, vx, vy, fdt, k, p)
            case .spring: Self.applyLoop(count, x, y, vx, vy, fdt) { k.spring($0, $1) }
            }
        }
    }

    /// The acceleration at one point for a body or a single particle (pt/s²).
    public func acceleration(at point: CGPoint, velocity: CGVector = .zero, time: Double = 0) -> CGVector {
        acceleration(x: point.x, y: point.y, vx: velocity.dx, vy: velocity.dy, time: time)
    }

    func acceleration(x: Double, y: Double, vx: Double, vy: Double, time: Double) -> CGVector {
        guard isEnabled, (try? validate()) != nil else { return .zero }
        let k = kernel(time: time)
        let (fx, fy) = (Float(x), Float(y))
        let a: (Float, Float) = noise.permutation.withUnsafeBufferPointer { perm in
            switch kind {
            case .radialGravity: return k.radial(fx, fy)
            case .vortex: return k.vortex(fx, fy)
            case .linearGravity: return k.linear(fx, fy)
            case .drag:
                let w = k.weight(fx, fy)
                return (-k.strength * w * Float(vx), -k.strength * w * Float(vy))
            case .turbulence: return k.turbulence(perm.baseAddress!, fx, fy)
            case .speedTurbulence:
                let n = k.turbulence(perm.baseAddress!, fx, fy)
                let speed = Float((vx * vx + vy * vy).squareRoot())
                return (n.0 * speed, n.1 * speed)
            case .spring: return k.spring(fx, fy)
            }
        }
        return CGVector(dx: Double(a.0), dy: Double(a.1))
    }

    private func kernel(time: Double) -> FieldKernel {
        FieldKernel(
            cx: Float(position.x), cy: Float(position.y),
            radiusSquared: radius == .infinity ? .infinity : Float(radius * radius),
            strength: Float(strength), vx: Float(vector.dx), vy: Float(vector.dy),
            falloff: Float(falloff), minimumRadius: Float(minimumRadius),
            inverseScale: Float(1 / noiseScale),
            z: Float((time * noiseSpeed).truncatingRemainder(dividingBy: 256)))
    }

    // MARK: - Loops

    @inline(__always)
    private static func applyLoop(
        _ n: Int, _ x: UnsafePointer<Float>, _ y: UnsafePointer<Float>,
        _ vx: UnsafeMutablePointer<Float>, _ vy: UnsafeMutablePointer<Float>, _ dt: Float,
        _ accel: (Float, Float) -> (Float, Float)
    ) {
        for i in 0..<n {
            let (ax, ay) = accel(x[i], y[i])
            vx[i] += ax * dt
            vy[i] += ay * dt
        }
    }

    private static func applySpeedTurbulenceLoop(
        _ n: Int, _ x: UnsafePointer<Float>, _ y: UnsafePointer<Float>,
        _ vx: UnsafeMutablePointer<Float>, _ vy: UnsafeMutablePointer<Float>, _ dt: Float,
        _ k: FieldKernel, _ p: UnsafePointer<UInt8>
    ) {
        for i in 0..<n {
            let speed = (vx[i] * vx[i] + vy[i] * vy[i]).squareRoot()
            guard speed > 0 else { continue }
            let (ax, ay) = k.turbulence(p, x[i], y[i])
            vx[i] += ax * speed * dt
            vy[i] += ay * speed * dt
        }
    }

    private static func applyDragLoop(
        _ n: Int, _ x: UnsafePointer<Float>, _ y: UnsafePointer<Float>,
        _ vx: UnsafeMutablePointer<Float>, _ vy: UnsafeMutablePointer<Float>, _ dt: Float,
        _ k: FieldKernel
    ) {
        // Exact exponential decay at full strength keeps large coefficients stable.
        let full = k.decay(dt)
        for i in 0..<n {
            let w = k.weight(x[i], y[i])
            let factor = w == 1 ? full : 1 - min(k.strength * w * dt, 1)
            vx[i] *= factor
            vy[i] *= factor
        }
    }
}

/// The per-batch constants of a field, in Float, and its per-point formulas.
struct FieldKernel {
    var cx: Float
    var cy: Float
    var radiusSquared: Float
    var strength: Float
    var vx: Float
    var vy: Float
    var falloff: Float
    var minimumRadius: Float
    var inverseScale: Float
    var z: Float

    /// 0 outside the region, else the falloff factor at (x, y) — or 1 everywhere inside when falloff is 0.
    @inline(__always)
    func weight(_ x: Float, _ y: Float) -> Float {
        let dx = x - cx
        let dy = y - cy
        let d2 = dx * dx + dy * dy
        guard d2 <= radiusSquared else { return 0 }
        if falloff == 0 { return 1 }
        let d = max(d2.squareRoot(), minimumRadius)
        return Float(pow(Double(minimumRadius / d), Double(falloff)))
    }

    @inline(__always)
    func decay(_ dt: Float) -> Float { Float(exp(-Double(strength * dt))) }

    @inline(__always)
    func radial(_ x: Float, _ y: Float) -> (Float, Float) {
        let dx = cx - x
        let dy = cy - y
        let d2 = dx * dx + dy * dy
        guard d2 <= radiusSquared, d2 > 0 else { return (0, 0) }
        let d = d2.squareRoot()
        let s = strength * falloffFactor(d) / d
        return (dx * s, dy * s)
    }

    @inline(__always)
    func vortex(_ x: Float, _ y: Float) -> (Float, Float) {
        let dx = x - cx
        let dy = y - cy
        let d2 = dx * dx + dy * dy
        guard d2 <= radiusSquared, d2 > 0 else { return (0, 0) }
        let d = d2.squareRoot()
        let s = strength * falloffFactor(d) / d
        return (-dy * s, dx * s)
    }

    @inline(__always)
    func linear(_ x: Float, _ y: Float) -> (Float, Float) {
        if radiusSquared == .infinity { return (vx, vy) }
        let dx = x - cx
        let dy = y - cy
        return dx * dx + dy * dy <= radiusSquared ? (vx, vy) : (0, 0)
    }

    @inline(__always)
    func turbulence(_ p: UnsafePointer<UInt8>, _ x: Float, _ y: Float) -> (Float, Float) {
        if radiusSquared != .infinity {
            let dx = x - cx
            let dy = y - cy
            guard dx * dx + dy * dy <= radiusSquared else { return (0, 0) }
        }
        let nx = x * inverseScale
        let ny = y * inverseScale
        // Two decorrelated slices of the same noise: far apart in z.
        let a = GradientNoise.sample(p, nx, ny, z)
        let b = GradientNoise.sample(p, nx + 31.416, ny + 47.853, z + 101.5)
        return (strength * a, strength * b)
    }

    @inline(__always)
    func spring(_ x: Float, _ y: Float) -> (Float, Float) {
        let dx = x - cx
        let dy = y - cy
        let d2 = dx * dx + dy * dy
        guard d2 <= radiusSquared else { return (0, 0) }
        let s = -strength * (falloff == 0 ? 1 : falloffFactor(d2.squareRoot()))
        return (dx * s, dy * s)
    }

    @inline(__always)
    func falloffFactor(_ d: Float) -> Float {
        if falloff == 0 { return 1 }
        if falloff == 2 {
            let r = minimumRadius / max(d, minimumRadius)
            return r * r
        }
        return Float(pow(Double(minimumRadius / max(d, minimumRadius)), Double(falloff)))
    }
}
