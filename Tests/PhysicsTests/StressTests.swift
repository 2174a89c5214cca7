import Foundation
import LayerKit
import Testing

@testable import Physics

/// Seeded random sequences of valid operations — adding, removing, teleporting, joining, sleeping,
/// stepping — must never reach one of Chipmunk's assertions (which would abort this test process).
@Suite struct StressTests {
    @Test func randomOperationsNeverAbort() throws {
        for seed in UInt64(1)...4 {
            var random = SeededRandom(seed: seed)
            func unit() -> Double { Double(random.nextUnitFloat()) }
            let world = try makeWorld(gravity: 800)
            try world.setSleepTimeThreshold(0.3)
            try addFloor(world, y: 300, from: -400, to: 400, friction: 0.6)
            let paddle = try PhysicsBody(type: .kinematic, position: CGPoint(x: -300, y: 250))
            try paddle.addShape(.box(width: 80, height: 20, cornerRadius: 3), friction: 1)
            try world.add(paddle)
            let group = try world.makeParticleBodyGroup(budget: 32, friction: 0.2, elasticity: 0.3)
            var bodies: [PhysicsBody] = []
            var joints: [PhysicsConstraint] = []
            var slots: [Int] = []
            world.addCollisionObserver { [unowned world] event in
                // Changes from inside delivery are deferred to the end of the step.
                if event.phase == .begin, event.bodyB.type == .dynamic, random.next32() % 50 == 0 {
                    try? world.remove(event.bodyB)
                }
            }
            var slept = 0
            var spawned = 0
            // Busy, then quiet (so groups fall asleep), then busy again (waking and editing sleepers).
            for stepIndex in 0..<720 {
                let quiet = (240..<480).contains(stepIndex)
                if stepIndex == 479 { slept = world.bodies.filter(\.isSleeping).count }
                switch quiet ? 9 : random.next32() % 10 {
                case 0, 1:
                    let body = try PhysicsBody(
                        mass: 1 + unit() * 5, position: CGPoint(x: unit() * 600 - 300, y: unit() * 200))
                    if random.next32() % 2 == 0 {
                        try body.addShape(.circle(radius: 4 + unit() * 8), friction: 0.5, elasticity: 0.3)
                    } else {
                        try body.addShape(
                            .polygon(vertices: [CGPoint(x: -6, y: -5), CGPoint(x: 7, y: -4), CGPoint(x: 2, y: 8)]),
                            friction: 0.7)
                    }
                    try world.add(body)
                    bodies.append(body)
                case 2 where bodies.count >= 2:
                    let a = bodies[Int(random.next32()) % bodies.count]
                    let b = bodies[Int(random.next32()) % bodies.count]
                    guard a !== b, a.world === world, b.world === world else { break }
                    let joint: PhysicsConstraint =
                        random.next32() % 2 == 0
                        ? try DampedSpring(a, b, restLength: 30, stiffness: 50, damping: 1)
                        : try GearJoint(a, b, phase: 0, ratio: 1.5)
                    try world.add(joint)
                    joints.append(joint)
                case 3 where !bodies.isEmpty:
                    let i = Int(random.next32()) % bodies.count
                    if bodies[i].world === world { try world.remove(bodies[i]) }
                    bodies.remove(at: i)
                case 4 where !bodies.isEmpty:
                    let body = bodies[Int(random.next32()) % bodies.count]
                    try body.setPosition(CGPoint(x: unit() * 600 - 300, y: unit() * 250))
                    try body.setAngularVelocity(unit() * 20 - 10)
                case 5:
                    if let slot = try group.spawn(
                        position: CGPoint(x: unit() * 400 - 200, y: unit() * 100), velocity: CGVector(dx: 0, dy: 200),
                        radius: 3, mass: 0.5)
                    {
                        slots.append(slot)
                        spawned += 1
                    }
                case 6 where !slots.isEmpty:
                    try group.despawn(slots.removeLast())
                case 7 where !joints.isEmpty:
                    let joint = joints.removeLast()
                    if joint.world === world { try world.remove(joint) }
                default:
                    break
                }
                if !quiet { try paddle.setTarget(position: CGPoint(x: -300 + Double(stepIndex % 120) * 5, y: 250)) }
                try world.step(fixedStep)
                #expect(
                    world.divergedBodies.isEmpty,
                    "seed \(seed) step \(stepIndex): diverged \(world.divergedBodies.map(\.id))")
            }
            #expect(world.bodies.allSatisfy { $0.position.x.isFinite && $0.position.y.isFinite }, "seed \(seed)")
            #expect(
                world.bodies.count > 15 && slept > 5 && spawned > 0,
                "seed \(seed): the run exercised the world: \(world.bodies.count) bodies, \(slept) asleep after the quiet phase, \(world.constraints.count) joints, \(spawned) particles spawned"
            )
        }
    }
}
