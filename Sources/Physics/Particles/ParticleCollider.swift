import Foundation
import LayerKit

/// Sweeps `collide`-mode particles against the world's shapes and bounces them.
///
/// Each particle moves from its previous to its new position during a step; the collider finds the
/// first shape its circle (of the particle's radius) touches on the way, moves it there, reflects the
/// velocity relative to the surface with the given elasticity and friction, and lets it travel the
/// rest of the step (up to `maximumBounces` more contacts). Static shapes live in a cached uniform
/// grid (rebuilt only when static geometry changes); dynamic and kinematic bodies are swept in their
/// own coordinates between their previous and current transforms, so a moving body hits and pushes
/// particles instead of jumping over them. Particles never push bodies (use `body` mode for that),
/// and a particle inside a polygon is not pushed out (polygon edges are one-sided).
///
/// Get it from `PhysicsWorld.particleCollider` and call it after each world step.
public final class ParticleCollider {
    weak var world: PhysicsWorld?

    // Static geometry, world coordinates.
    private var staticVersion = -1
    private var staticShapes: [PhysicsShape] = []
    private let staticCapsules = PodBuffer<Capsule>()
    private let staticGrid = UniformGrid()

    // Moving bodies: capsules in body coordinates, one frame per body.
    private var bodyVersion = -1
    private var bodyShapes: [PhysicsShape] = []
    private let bodyCapsules = PodBuffer<Capsule>()
    private let frames = PodBuffer<BodyFrame>()
    private let bodyGrid = UniformGrid()
    private let stamps = PodBuffer<Int32>()
    private var stamp: Int32 = 0

    /// Grid cell size hint, points.
    static let cellSize: Float = 32
    /// How far a particle is kept off a surface after a contact, points.
    static let skin: Float = 0.01

    init(world: PhysicsWorld) { self.world = world }

    /// The shape of a contact (valid until the world's static geometry or bodies change).
    public func shape(at index: Int32) -> PhysicsShape? {
        if index >= 0 { return Int(index) < staticShapes.count ? staticShapes[Int(index)] : nil }
        let i = Int(-index - 1)
        return i < bodyShapes.count ? bodyShapes[i] : nil
    }

    // MARK: - Colliding

    /// Sweeps `count` particles (structure of arrays) and bounces them in place.
    ///
    /// - Parameters:
    ///   - previousX, previousY: positions at the start of the step.
    ///   - x, y: positions at the end of the step, rewritten after bounces.
    ///   - vx, vy: velocities, rewritten after bounces.
    ///   - radii: per-particle radii, or nil to use `options.radius`.
    ///   - options: elasticity, friction, filter, dt.
    ///   - contacts: the first contact of each particle that touched something is appended.
    public func collide(count: Int, previousX: UnsafePointer<Float>, previousY: UnsafePointer<Float>,
                        x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>,
                        vx: UnsafeMutablePointer<Float>, vy: UnsafeMutablePointer<Float>,
                        radii: UnsafePointer<Float>? = nil, options: ParticleCollisionOptions,
                        contacts: inout [ParticleContact]) throws {
        try options.validate()
        guard count > 0, let world else { return }
        refreshStatic(world)
        refreshBodies(world)
        var sweep = Sweep(options: options, statics: staticCapsules.pointer, staticGrid: staticGrid,
                          bodies: frames.pointer, bodyCapsules: bodyCapsules.pointer, bodyGrid: bodyGrid,
                          stamps: stamps.pointer, stampCount: stamps.count, stamp: stamp,
                          hasStatics: staticCapsules.count > 0, hasBodies: frames.count > 0)
        for i in 0..<count {
            let r = radii?[i] ?? options.radius
            sweep.particle(Int32(i), previousX[i], previousY[i], &x[i], &y[i], &vx[i], &vy[i], radius: r, contacts: &contacts)
        }
        stamp = sweep.stamp
    }

    // MARK: - Caches

    private func refreshStatic(_ world: PhysicsWorld) {
        guard staticVersion != world.staticGeometryVersion else { return }
        staticVersion = world.staticGeometryVersion
        staticShapes.removeAll()
        staticCapsules.removeAll()
        for body in world.bodies where body.type == .static {
            let (c, s) = (Float(cos(body.a)), Float(sin(body.a)))
            for shape in body.shapes where shape.isInSpace && !shape.isSensor {
                let index = Int32(staticShapes.count)
                staticShapes.append(shape)
                for capsule in shape.geometry.capsules(shape: index, filter: shape.filter) {
                    staticCapsules.append(capsule.transformed(cos: c, sin: s, tx: Float(body.x), ty: Float(body.y)))
                }
            }
        }
        let capsules = staticCapsules.pointer
        staticGrid.build(count: staticCapsules.count, cellSize: Self.cellSize) { capsules[$0].bounds }
    }

    private func refreshBodies(_ world: PhysicsWorld) {
        guard bodyVersion != world.changeVersion else { return }
        bodyVersion = world.changeVersion
        bodyShapes.removeAll()
        bodyCapsules.removeAll()
        frames.removeAll()
        for body in world.bodies where body.type != .static {
            let first = bodyCapsules.count
            var reach: Float = 0
            for shape in body.shapes where shape.isInSpace && !shape.isSensor {
                let index = Int32(-(bodyShapes.count + 1))
                bodyShapes.append(shape)
                for c in shape.geometry.capsules(shape: index, filter: shape.filter) {
                    bodyCapsules.append(c)
                    reach = max(reach, (c.ax * c.ax + c.ay * c.ay).squareRoot() + c.radius,
                                (c.bx * c.bx + c.by * c.by).squareRoot() + c.radius)
                }
            }
            guard bodyCapsules.count > first else { continue }
            let v = body.velocity, cog = body.convertToWorld(body.centerOfGravity)
            frames.append(BodyFrame(
                px: Float(body.previousX), py: Float(body.previousY),
                pc: Float(cos(body.previousA)), ps: Float(sin(body.previousA)),
                cx: Float(body.x), cy: Float(body.y), cc: Float(cos(body.a)), cs: Float(sin(body.a)),
                vx: Float(v.dx), vy: Float(v.dy), w: Float(body.angularVelocity), gx: Float(cog.x), gy: Float(cog.y),
                first: Int32(first), count: Int32(bodyCapsules.count - first), reach: reach))
        }
        let f = frames.pointer
        bodyGrid.build(count: frames.count, cellSize: Self.cellSize * 2) { k in
            let b = f[k]
            return (min(b.px, b.cx) - b.reach, min(b.py, b.cy) - b.reach, max(b.px, b.cx) + b.reach, max(b.py, b.cy) + b.reach)
        }
        stamps.reset(count: frames.count, to: -1)
        stamp = 0
    }
}

/// A moving body as the collider sees it: previous and current transforms, velocities, and its
/// capsules' range in `bodyCapsules`.
struct BodyFrame {
    var px: Float, py: Float, pc: Float, ps: Float
    var cx: Float, cy: Float, cc: Float, cs: Float
    var vx: Float, vy: Float, w: Float
    var gx: Float, gy: Float
    var first: Int32, count: Int32
    /// Distance from the origin to the farthest capsule point.
    var reach: Float
}

/// The first contact found along a sweep.
struct SweepHit {
    /// Fraction of the sweep, 0...1.
    var t: Float = .infinity
    var x: Float = 0
    var y: Float = 0
    var nx: Float = 0
    var ny: Float = 0
    var shape: Int32 = 0
    /// Body frame index, or −1 for static geometry.
    var body: Int32 = -1
}

extension PhysicsWorld {
    /// Makes the particle collider re-read moving bodies at its next call, as after a step (for
    /// benchmarks that repeat one step's sweep).
    public func invalidateParticleColliderBodies() { changeVersion &+= 1 }
}
