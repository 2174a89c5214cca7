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
package final class ParticleCollider {
    weak var world: PhysicsWorld?

    // Static geometry, world coordinates.
    private var staticVersion = -1
    private var staticShapes: [PhysicsShape] = []
    private let staticCapsules = PodBuffer<Capsule>()
    private let staticGrid = SpatialHash()

    // Moving bodies: capsules in body coordinates, one frame per body. The body list and capsules
    // change only with the world's structure; the frames and the grid at every step.
    private var structureVersion = -1
    private var motionVersion = -1
    /// Each listed body's index in the world's handles and snapshots.
    private let worldIndices = PodBuffer<Int32>()
    private var bodyShapes: [PhysicsShape] = []
    private let bodyCapsules = PodBuffer<Capsule>()
    private let frames = PodBuffer<BodyFrame>()
    private let boxes = PodBuffer<GridBox>()
    private let bodyGrid = SpatialHash()
    /// The union of the moving bodies' swept boxes: particles whose sweep misses it skip the body grid.
    private var bodyBounds = GridBox(minX: 0, minY: 0, maxX: 0, maxY: 0)
    private let stamps = PodBuffer<Int32>()
    private var stamp: Int32 = 0

    /// Grid cell size hint, points.
    static let cellSize: Float = 32
    /// How far a particle is kept off a surface after a contact, points.
    static let skin: Float = 0.01

    init(world: PhysicsWorld) { self.world = world }

    /// The shape of a contact (valid until the world's static geometry or bodies change).
    package func shape(at index: Int32) -> PhysicsShape? {
        if index >= 0 { return Int(index) < staticShapes.count ? staticShapes[Int(index)] : nil }
        let i = Int(-index - 1)
        return i < bodyShapes.count ? bodyShapes[i] : nil
    }

    // MARK: - Colliding

    /// Sweeps `count` particles (structure of arrays) and bounces them in place.
    ///
    /// - Parameters:
    ///   - count: the number of particles.
    ///   - previousX: x at the start of the step.
    ///   - previousY: y at the start of the step.
    ///   - x: x at the end of the step, rewritten after bounces.
    ///   - y: y at the end of the step, rewritten after bounces.
    ///   - vx: x velocity, rewritten after bounces.
    ///   - vy: y velocity, rewritten after bounces.
    ///   - radii: per-particle radii, or nil to use `options.radius`.
    ///   - options: elasticity, friction, filter, dt.
    ///   - contacts: the first contact of each particle that touched something is appended.
    /// - Throws: `PhysicsError` when the options are refused.
    package func collide(
        count: Int, previousX: UnsafePointer<Float>, previousY: UnsafePointer<Float>,
        x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>,
        vx: UnsafeMutablePointer<Float>, vy: UnsafeMutablePointer<Float>,
        radii: UnsafePointer<Float>? = nil, options: ParticleCollisionOptions,
        contacts: inout [ParticleContact]
    ) throws {
        try options.validate()
        guard count > 0, let world else { return }
        refreshStatic(world)
        refreshBodies(world)
        var sweep = Sweep(
            options: options, statics: staticCapsules.pointer, staticGrid: staticGrid.view,
            bodies: frames.pointer, boxes: boxes.pointer, bodyCapsules: bodyCapsules.pointer, bodyGrid: bodyGrid.view,
            bodyBounds: bodyBounds, stamps: stamps.pointer, stampCount: stamps.count, stamp: stamp,
            hasStatics: staticCapsules.count > 0, hasBodies: frames.count > 0)
        for i in 0..<count {
            let r = radii?[i] ?? options.radius
            sweep.particle(
                Int32(i), previousX[i], previousY[i], &x[i], &y[i], &vx[i], &vy[i], radius: r, contacts: &contacts)
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
            let t = body.handle.pointee.transform
            let (c, s) = (Float(t.a), Float(t.b))
            for shape in body.shapes where shape.isInSpace && !shape.isSensor {
                let index = Int32(staticShapes.count)
                staticShapes.append(shape)
                let filter = shape.filter
                for var capsule in shape.localCapsules {
                    capsule.shape = index
                    (capsule.categories, capsule.mask, capsule.group) = (filter.categories, filter.mask, filter.group)
                    staticCapsules.append(capsule.transformed(cos: c, sin: s, tx: Float(body.x), ty: Float(body.y)))
                }
            }
        }
        let capsules = staticCapsules.pointer
        let staticBoxes = PodBuffer<GridBox>(capacity: staticCapsules.count)
        for k in 0..<staticCapsules.count {
            let b = capsules[k].bounds
            staticBoxes.append(GridBox(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY))
        }
        staticGrid.build(boxes: staticBoxes.pointer, count: staticBoxes.count, cellSize: Self.cellSize)
    }

    private func refreshBodies(_ world: PhysicsWorld) {
        if structureVersion != world.structureVersion {
            structureVersion = world.structureVersion
            motionVersion = -1
            rebuildBodyList(world)
        }
        guard motionVersion != world.changeVersion else { return }
        motionVersion = world.changeVersion
        // Per step: transforms and velocities straight from Chipmunk's bodies (cos/sin are in the
        // transform, the centre of gravity's world position is p).
        let f = frames.pointer
        let box = boxes.pointer
        let n = frames.count
        let index = worldIndices.pointer
        let handles = world.handles.pointer
        let before = world.snapshots.pointer
        var meanExtent: Float = 0
        for k in 0..<n {
            let i = Int(index[k])
            let b = handles[i].pointee
            let p = before[i]
            let (px, py, cx, cy) = (Float(p.x), Float(p.y), Float(b.transform.tx), Float(b.transform.ty))
            let reach = f[k].reach
            (f[k].px, f[k].py, f[k].pc, f[k].ps) = (px, py, Float(p.cos), Float(p.sin))
            (f[k].cx, f[k].cy, f[k].cc, f[k].cs) = (cx, cy, Float(b.transform.a), Float(b.transform.b))
            (f[k].vx, f[k].vy, f[k].w, f[k].gx, f[k].gy) = (
                Float(b.v.x), Float(b.v.y), Float(b.w), Float(b.p.x), Float(b.p.y)
            )
            box[k] = GridBox(
                minX: min(px, cx) - reach, minY: min(py, cy) - reach, maxX: max(px, cx) + reach,
                maxY: max(py, cy) + reach)
            meanExtent += 2 * reach + max(abs(cx - px), abs(cy - py))
        }
        meanExtent /= Float(max(n, 1))
        var bounds = GridBox(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        for k in 0..<n {
            bounds = GridBox(
                minX: min(bounds.minX, box[k].minX), minY: min(bounds.minY, box[k].minY),
                maxX: max(bounds.maxX, box[k].maxX), maxY: max(bounds.maxY, box[k].maxY))
        }
        bodyBounds = bounds
        // Cells about twice a typical body's swept box: a pile of small bodies is not lumped into a
        // few crowded cells, and a few large ones do not span hundreds.
        bodyGrid.build(boxes: boxes.pointer, count: n, cellSize: min(max(2 * meanExtent, 8), 256))
    }

    /// The moving bodies with colliding shapes, their capsules and shape table.
    private func rebuildBodyList(_ world: PhysicsWorld) {
        worldIndices.removeAll()
        bodyShapes.removeAll()
        bodyCapsules.removeAll()
        frames.removeAll()
        for body in world.bodies where body.type != .static {
            let first = bodyCapsules.count
            var reach: Float = 0
            for shape in body.shapes where shape.isInSpace && !shape.isSensor {
                let index = Int32(-(bodyShapes.count + 1))
                bodyShapes.append(shape)
                let filter = shape.filter
                for var c in shape.localCapsules {
                    c.shape = index
                    (c.categories, c.mask, c.group) = (filter.categories, filter.mask, filter.group)
                    bodyCapsules.append(c)
                }
                reach = max(reach, shape.localReach)
            }
            guard bodyCapsules.count > first else { continue }
            worldIndices.append(Int32(body.worldIndex))
            var frame = BodyFrame()
            (frame.first, frame.count, frame.reach) = (Int32(first), Int32(bodyCapsules.count - first), reach)
            frames.append(frame)
        }
        boxes.reset(count: frames.count, to: GridBox(minX: 0, minY: 0, maxX: 0, maxY: 0))
        stamps.reset(count: frames.count, to: -1)
        stamp = 0
    }
}

/// A moving body as the collider sees it: previous and current transforms, velocities, and its
/// capsules' range in `bodyCapsules`.
struct BodyFrame {
    var px: Float = 0, py: Float = 0, pc: Float = 1, ps: Float = 0
    var cx: Float = 0, cy: Float = 0, cc: Float = 1, cs: Float = 0
    var vx: Float = 0, vy: Float = 0, w: Float = 0
    var gx: Float = 0, gy: Float = 0
    var first: Int32 = 0, count: Int32 = 0
    /// Distance from the origin to the farthest capsule point.
    var reach: Float = 0
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
    package func invalidateParticleColliderBodies() { changeVersion &+= 1 }
}
