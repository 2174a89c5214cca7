import Foundation
import Testing

@testable import EmitterKit

/// Collide-mode particles that move by an extension's law sweep the path they took, not a parabola
/// guessed from the cell's acceleration: a particle on an orbit, and one held on a circle by radial
/// acceleration, contact a segment where their path crosses it.
@Suite struct PhysicsCurvedPathTests {
    /// The emitter's centre, the circle's radius, and the segment across it: radial, at `angle`,
    /// from `inner` to `outer` points from the centre.
    static let centre = CGPoint(x: 200, y: 150)
    static let radius = 60.0
    static let angle = 0.6, inner = 30.0, outer = 90.0

    /// An engine whose emitter sits at `centre`; with `coupled`, the cell collides with the segment in
    /// `die` mode (each particle contacts once) and a particle radius of 0.1 point.
    func makeEngine(coupled: Bool, configure: (CAEmitterCell) -> Void) throws -> (
        engine: Engine, emitter: CAEmitterLayer, cell: CAEmitterCell
    ) {
        let (root, emitter, cell) = PhysicsTestSupport.emitterScene(cell: configure)
        emitter.emitterPosition = Self.centre
        let engine = try Engine(rootLayer: root, viewSize: CGSize(width: 400, height: 300), threadCount: 1)
        let world = engine.physicsWorld
        let (c, s) = (cos(Self.angle), sin(Self.angle))
        try world.staticBody.addShape(
            .segment(
                from: CGPoint(x: Self.centre.x + Self.inner * c, y: Self.centre.y + Self.inner * s),
                to: CGPoint(x: Self.centre.x + Self.outer * c, y: Self.centre.y + Self.outer * s)))
        if coupled {
            var physics = CellPhysicsDescription()
            physics.mode = .collide
            physics.radius = 0.1
            physics.onContact = .die
            try engine.setPhysics(physics, of: cell, in: emitter)
        }
        return (engine, emitter, cell)
    }

    /// Where the path from (p0, v0) to (p1, v1) over `h` seconds crosses the segment's line: the
    /// motion within the step as the uncoupled twin shows it (constant acceleration (v1 − v0)/h),
    /// solved by bisection on the signed distance to the line.
    func crossing(p0: SIMD2<Double>, v0: SIMD2<Double>, v1: SIMD2<Double>, h: Double) -> SIMD2<Double>? {
        let a = (v1 - v0) / h
        let normal = SIMD2(-sin(Self.angle), cos(Self.angle))
        let origin = SIMD2(Double(Self.centre.x), Double(Self.centre.y))
        func at(_ t: Double) -> SIMD2<Double> { p0 + v0 * t + 0.5 * a * t * t }
        func side(_ t: Double) -> Double { ((at(t) - origin) * normal).sum() }
        guard side(0).sign != side(h).sign else { return nil }
        var (lo, hi) = (0.0, h)
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if side(mid).sign == side(0).sign { lo = mid } else { hi = mid }
        }
        return at(lo)
    }

    /// Runs a coupled engine and its uncoupled twin side by side after `launch` put one particle in
    /// each, until the coupled one's particle contacts the segment; returns the contact point and the
    /// crossing of the twin's path in that step.
    func contact(
        configure: (CAEmitterCell) -> Void, launch: (Engine, EmitterSimulation, CAEmitterCell) throws -> Void
    ) throws -> (contact: CGPoint, crossing: SIMD2<Double>)? {
        let coupled = try makeEngine(coupled: true, configure: configure)
        let twin = try makeEngine(coupled: false, configure: configure)
        var contact: CGPoint?
        coupled.engine.onPhysicsEvent = { if case .particleContact(let c) = $0 { contact = contact ?? c.point } }
        for (engine, emitter, cell) in [coupled, twin] {
            engine.stepOnce()
            try launch(engine, try #require(engine.simulation(of: emitter)), cell)
        }
        let sim = try #require(twin.engine.simulation(of: twin.emitter))
        for _ in 0..<240 {
            let before = try #require(sim.snapshot().first)
            coupled.engine.stepOnce()
            twin.engine.stepOnce()
            let after = try #require(sim.snapshot().first)
            guard let point = contact else { continue }
            let p0 = SIMD2(Double(before.x), Double(before.y))
            let v0 = SIMD2(Double(before.vx), Double(before.vy))
            let v1 = SIMD2(Double(after.vx), Double(after.vy))
            guard let crossing = crossing(p0: p0, v0: v0, v1: v1, h: twin.engine.fixedStep) else { return nil }
            return (point, crossing)
        }
        return nil
    }

    @Test(arguments: 0..<12)
    func anOrbitingParticleContactsASegmentWhereItsOrbitCrossesIt(_ phase: Int) throws {
        // 25 rad/s: 0.21 rad per step on a 60-point circle. The twelve launch angles put the crossing
        // at twelve places within its step.
        let omega = 25.0
        let launch = Self.angle - 0.5 - Double(phase) / 12 * omega / 120
        let found = try contact(
            configure: { cell in
                cell.orbitRadius = CGFloat(Self.radius)
                cell.orbitAngularVelocity = CGFloat(omega)
                cell.emissionLongitude = CGFloat(launch)
            },
            launch: { _, sim, _ in _ = try sim.burst(count: 1, cellNamed: "drop") })
        let (point, crossing) = try #require(found, "phase \(phase): no contact")
        let circle =
            SIMD2(cos(Self.angle), sin(Self.angle)) * Self.radius
            + SIMD2(Double(Self.centre.x), Double(Self.centre.y))
        let miss =
            ((SIMD2(Double(point.x), Double(point.y)) - crossing) * (SIMD2(Double(point.x), Double(point.y)) - crossing))
            .sum().squareRoot()
        #expect(
            miss < 0.5,
            "orbit, launch angle \(launch): contact at \(point), the path crosses at \(crossing) (circle: \(circle)); \(miss) pt apart"
        )
    }

    @Test(arguments: 0..<12)
    func aParticleHeldOnACircleByRadialAccelerationContactsWhereItsPathCrosses(_ phase: Int) throws {
        // −30,000 pt/s² toward the emitter holds a particle moving at √(30000·60) pt/s on the 60-point
        // circle: 0.19 rad per step.
        let radial = -30_000.0
        let speed = (-radial * Self.radius).squareRoot()
        let start = Self.angle - 0.5 - Double(phase) / 12 * speed / Self.radius / 120
        let found = try contact(
            configure: { cell in
                cell.radialAcceleration = CGFloat(radial)
                cell.velocity = CGFloat(speed)
            },
            launch: { _, sim, cell in
                let x = Double(Self.centre.x) + Self.radius * cos(start)
                let y = Double(Self.centre.y) + Self.radius * sin(start)
                _ = try sim.burst(count: 1, ofCell: cell, at: (x, y, 0), direction: (-sin(start), cos(start), 0))
            })
        let (point, crossing) = try #require(found, "phase \(phase): no contact")
        let d = SIMD2(Double(point.x), Double(point.y)) - crossing
        let miss = (d * d).sum().squareRoot()
        #expect(
            miss < 0.5,
            "radial, start angle \(start): contact at \(point), the path crosses at \(crossing); \(miss) pt apart")
    }
}
