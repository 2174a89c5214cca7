import Foundation
import LayerKit
import Testing

@testable import Particles

/// Sub-cells at any depth (docs/Design.md §3.5): continuous emission from the parent's current position,
/// angles relative to its direction of motion, colour and scale inherited, timing from the parent's birth.
@Suite struct SubCellTests {
    /// One parent emitted at (0, 0) moving at `speed` toward `longitude`, with one sub-cell.
    static func parentWithChild(
        speed: Double = 100, longitude: Double = 0,
        _ configure: (CAEmitterCell, CAEmitterCell) -> Void
    ) -> (EmitterSimulation, CAEmitterCell, CAEmitterCell) {
        let (layer, parent) = makeEmitter { layer, cell in
            layer.seed = 21
            cell.birthRate = 0
            cell.lifetime = 10
            cell.velocity = speed
            cell.emissionLongitude = longitude
        }
        let child = CAEmitterCell()
        child.name = "child"
        child.contents = dot
        child.birthRate = 60
        child.lifetime = 10
        configure(parent, child)
        parent.emitterCells = [child]
        let sim = EmitterSimulation(layer: layer)
        _ = try? sim.burst(count: 1, cellNamed: "cell")
        return (sim, parent, child)
    }

    @Test func childrenAreBornAtTheParentsPositionAlongItsPath() {
        let (sim, _, child) = Self.parentWithChild { _, child in child.velocity = 0 }
        run(sim, seconds: 1)
        let all = sim.snapshot()
        guard let parent = all.first(where: { $0.cellIndex == 0 }) else {
            Issue.record("no parent")
            return
        }
        let children = all.filter { $0.cell === child }
        #expect(abs(children.count - 60) <= 1, "60/s for 1 s: \(children.count) children")
        for c in children {
            // A child that is `c.age` old was born when the parent was `parent.age − c.age` old, at x = 100 · that.
            let expected = 100 * (parent.age - c.age)
            #expect(
                abs(c.x - expected) < 1e-2 && abs(c.y) < 1e-4,
                "seed 21: child of age \(c.age) at (\(c.x), \(c.y)), expected x = \(expected)")
        }
        // An even trail: consecutive children are 100/60 points apart.
        let xs = children.map(\.x).sorted()
        let gaps = zip(xs.dropFirst(), xs).map { $0 - $1 }
        #expect(gaps.allSatisfy { abs($0 - 100.0 / 60) < 1e-2 }, "gaps \(gaps.prefix(5))")
    }

    @Test func childAnglesAreRelativeToTheParentsDirectionOfMotion() {
        // The parent moves down the screen (+y); a child at longitude 0 follows it, one at +π/2 turns
        // clockwise on screen from it (toward −x).
        let (ahead, _, a) = Self.parentWithChild(longitude: .pi / 2) { _, child in child.velocity = 50 }
        let (side, _, b) = Self.parentWithChild(longitude: .pi / 2) { _, child in
            child.velocity = 50
            child.emissionLongitude = .pi / 2
        }
        run(ahead, seconds: 0.5)
        run(side, seconds: 0.5)
        let straight = ahead.snapshot().filter { $0.cell === a }
        let turned = side.snapshot().filter { $0.cell === b }
        #expect(
            !straight.isEmpty && straight.allSatisfy { abs($0.vx) < 1e-3 && abs($0.vy - 50) < 1e-3 },
            "\(straight.first.map { ($0.vx, $0.vy) } as Any)")
        #expect(
            !turned.isEmpty && turned.allSatisfy { abs($0.vx + 50) < 1e-3 && abs($0.vy) < 1e-3 },
            "\(turned.first.map { ($0.vx, $0.vy) } as Any)")
    }

    @Test func childAnglesFollowAParentThatCurves() {
        // Under gravity the parent's heading turns; children at longitude 0 leave along the heading at their birth.
        let (sim, parent, child) = Self.parentWithChild(longitude: 0) { parent, child in
            child.velocity = 10
            child.lifetime = 0.05
        }
        parent.yAcceleration = 200
        run(sim, seconds: 1)
        let p = sim.snapshot()
        guard let q = p.first(where: { $0.cellIndex == 0 }) else {
            Issue.record("no parent")
            return
        }
        for c in p.filter({ $0.cell === child }) {
            // Heading of the parent at the child's birth: (100, 200 · (q.age − c.age)).
            let t = Double(q.age - c.age)
            let heading = atan2(200 * t, 100)
            let v = atan2(Double(c.vy), Double(c.vx))
            #expect(
                abs(v - heading) < 1e-3,
                "seed 21, child born at parent age \(t): direction \(v), parent heading \(heading)")
        }
    }

    @Test func childColourIsMultipliedByTheParentsCurrentColour() {
        let (sim, _, child) = Self.parentWithChild { parent, child in
            parent.color = CGColor(red: 0.5, green: 1, blue: 0.25, alpha: 1)
            parent.redSpeed = 0.25
            child.color = CGColor(red: 1, green: 0.5, blue: 1, alpha: 0.5)
        }
        run(sim, seconds: 2)
        for c in sim.snapshot().filter({ $0.cell === child }) {
            let parentAgeAtBirth = 2 - c.age
            let red = min(1, 0.5 + 0.25 * parentAgeAtBirth)
            #expect(
                abs(c.red - red) < 2e-3 && abs(c.green - 0.5) < 1e-3 && abs(c.blue - 0.25) < 1e-3
                    && abs(c.alpha - 0.5) < 1e-3,
                "seed 21, child of age \(c.age): (\(c.red), \(c.green), \(c.blue), \(c.alpha)), expected (\(red), 0.5, 0.25, 0.5)"
            )
        }
    }

    @Test func appleParticleTrailsListingDrawsThinTrails() {
        // Apple's CAEmitterCell.emitterCells documentation, listing 1 ("Creating particle trails"):
        // "the scale and color of fireworkCell are inherited by trailCell". fireworkCell: red, birthRate 3,
        // lifetime 10, velocity 100, scale 0.05, longitude −π/2; trailCell: yAcceleration 20, birthRate 10,
        // lifetime 3, default scale 1. Every trail particle is drawn at 1 × 0.05, red.
        let layer = CAEmitterLayer()
        layer.emitterPosition = CGPoint(x: 512, y: 512)
        let firework = CAEmitterCell()
        firework.name = "firework"
        firework.color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        firework.birthRate = 3
        firework.lifetime = 10
        firework.velocity = 100
        firework.scale = 0.05
        firework.emissionLongitude = -.pi * 0.5
        firework.emissionRange = -.pi * 0.25
        firework.contents = dot
        let trail = CAEmitterCell()
        trail.name = "trail"
        trail.yAcceleration = 20
        trail.birthRate = 10
        trail.lifetime = 3
        trail.contents = dot
        firework.emitterCells = [trail]
        layer.emitterCells = [firework]
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 2)
        let trails = sim.snapshot().filter { $0.cell === trail }
        #expect(trails.count > 30, "trail particles after 2 s: \(trails.count)")
        #expect(
            trails.allSatisfy { $0.scale == 0.05 && $0.red == 1 && $0.green == 0 && $0.blue == 0 },
            "seed 0: trail scales \(Set(trails.map(\.scale))), colours \(trails.prefix(2).map { ($0.red, $0.green, $0.blue) })"
        )
    }

    @Test func childScaleIsMultipliedByTheParentsCurrentScale() {
        // The parent shrinks from 3 at 1 per second; a child of scale 0.5 born at parent age a gets 0.5 · (3 − a).
        let (sim, _, child) = Self.parentWithChild { parent, child in
            parent.scale = 3
            parent.scaleSpeed = -1
            child.scale = 0.5
        }
        run(sim, seconds: 2)
        let children = sim.snapshot().filter { $0.cell === child }
        #expect(abs(children.count - 120) <= 1, "60/s for 2 s: \(children.count)")
        for c in children {
            let parentAge = 2 - Double(c.age)
            let expected = 0.5 * (3 - parentAge)
            #expect(
                abs(Double(c.scale) - expected) < 1e-4,
                "seed 21: child born at parent age \(parentAge): scale \(c.scale), expected \(expected)")
        }
    }

    @Test func theLayersScaleReachesAChildOnceThroughItsParent() {
        // Layer scale 2, parent 1, child 0.5, grandchild 0.5: drawn at 2, 1 and 0.5 (not 2, 2 and 2).
        let (layer, parent) = makeEmitter { layer, cell in
            layer.scale = 2
            cell.birthRate = 0
            cell.lifetime = 10
            cell.velocity = 50
        }
        let child = CAEmitterCell()
        child.name = "child"
        child.contents = dot
        child.birthRate = 10
        child.lifetime = 10
        child.velocity = 20
        child.scale = 0.5
        let grandchild = CAEmitterCell()
        grandchild.name = "grandchild"
        grandchild.contents = dot
        grandchild.birthRate = 10
        grandchild.lifetime = 10
        grandchild.scale = 0.5
        child.emitterCells = [grandchild]
        parent.emitterCells = [child]
        let sim = EmitterSimulation(layer: layer)
        _ = try? sim.burst(count: 1, cellNamed: "cell")
        run(sim, seconds: 1)
        let p = sim.snapshot()
        let scales = [parent, child, grandchild].map { cell in Set(p.filter { $0.cell === cell }.map(\.scale)) }
        #expect(scales == [[2], [1], [0.5]], "scales by generation: \(scales)")
    }

    @Test func subCellTimingIsMeasuredFromTheParentsBirth() {
        // Three parents born 0.5 s apart; each emits only between its ages 0.5 and 0.7 (100/s → 20 each).
        let (layer, parent) = makeEmitter { _, cell in
            cell.birthRate = 2
            cell.lifetime = 3
        }
        let child = CAEmitterCell()
        child.name = "child"
        child.birthRate = 100
        child.lifetime = 10
        child.beginTime = 0.5
        child.duration = 0.2
        parent.emitterCells = [child]
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 3)
        let all = sim.snapshot()
        let parents = all.filter { $0.cellIndex == 0 }
        let children = all.filter { $0.cell === child }
        #expect(sim.counters(for: parent)?.born == 6, "2/s for 3 s: \(String(describing: sim.counters(for: parent)))")
        // Parents born at 0.5, 1.0 … 3.0 s; those born by 2.3 s (four) have finished emitting: 4 × 20.
        #expect(children.count == 80, "children: \(children.count)")
        for c in children {
            let birth = 3 - Double(c.age)
            let emitters = parents.map { 3 - Double($0.age) }.filter {
                birth - $0 >= 0.5 - 1e-4 && birth - $0 <= 0.7 + 1e-4
            }
            #expect(
                emitters.count == 1,
                "child born at \(birth) s has no parent aged 0.5…0.7 s then (parents born \(parents.map { 3 - $0.age }))"
            )
        }
    }

    @Test func fireworksRocketBurstsOnceAtAgeOneIntoSparksThatInheritTheBurstColour() {
        let fw = makeFireworks()
        let sim = EmitterSimulation(layer: fw.layer)
        var sawBurstAt: [Double] = []
        for _ in 0..<Int(4.0 * 120) {
            let before = sim.counters(for: fw.burst)?.born ?? 0
            sim.step(by: step120)
            if (sim.counters(for: fw.burst)?.born ?? 0) > before { sawBurstAt.append(sim.time) }
        }
        let rockets = sim.counters(for: fw.rocket)!
        let bursts = sim.counters(for: fw.burst)!
        let sparks = sim.counters(for: fw.spark)!
        // Rockets at 1, 2, 3, 4 s (rate 1, accumulator from 0); each bursts once at age 1.0 < 1.02.
        #expect(rockets.born == 4 && bursts.born == 3, "seed 7: rockets \(rockets), bursts \(bursts)")
        #expect(sawBurstAt.map { ($0 * 120).rounded() / 120 } == [2, 3, 4], "bursts at \(sawBurstAt)")
        // Each burst lives 0.35 s at 400 sparks/s: 140 sparks.
        // The bursts born at 2 s and 3 s have emitted; the one born at 4 s not yet.
        #expect(abs(sparks.born - 280) <= 1, "seed 7: sparks \(sparks)")
        // Sparks start with the burst's colour at that moment (burst shifts red −1.5/s, green +1, blue +1.5).
        let p = sim.snapshot()
        let rocketsInFlight = p.filter { $0.cell === fw.rocket }.map(\.age).sorted()
        #expect(
            rocketsInFlight.count == 2 && rocketsInFlight[0] < 1e-6 && abs(rocketsInFlight[1] - 1) < 1e-5,
            "at 4 s the rocket born at 3 s (age 1 < 1.02) and the one born now: ages \(rocketsInFlight)")
        let youngSparks = p.filter { $0.cell === fw.spark }
        #expect(!youngSparks.isEmpty)
        for s in youngSparks where s.age < 0.3 {
            // Spark colour = burst colour (rocket colour shifted by the burst speeds) then the spark's own speeds.
            #expect(s.red >= 0 && s.red <= 1 && s.alpha <= 1 - 0.25 * s.age + 1e-3, "spark \(s)")
        }
    }

    @Test func sparksCarryTheBurstColourAtTheirBirth() {
        // A burst that does not move, white, shifting red −1 per second; sparks with no colour speeds.
        let (layer, burst) = makeEmitter { _, cell in
            cell.birthRate = 0
            cell.lifetime = 0.5
            cell.velocity = 0
            cell.redSpeed = -1
        }
        let spark = CAEmitterCell()
        spark.name = "spark"
        spark.birthRate = 100
        spark.lifetime = 5
        burst.emitterCells = [spark]
        let sim = EmitterSimulation(layer: layer)
        _ = try? sim.burst(count: 1, cellNamed: "cell")
        run(sim, seconds: 1)
        let sparks = sim.snapshot().filter { $0.cell === spark }
        #expect(abs(sparks.count - 50) <= 1, "0.5 s at 100/s: \(sparks.count)")
        for s in sparks {
            let burstAge = 1 - s.age
            #expect(
                abs(s.red - (1 - burstAge)) < 2e-3 && s.green == 1, "spark born at burst age \(burstAge): red \(s.red)")
        }
    }

    @Test func explosionAtParentAgeOnePointFiveStaysWithinTheBudget() {
        // 10 000/s for 0.1 s from each parent = 1000 sparks each; three parents, budget 1500.
        let (layer, parent) = makeEmitter { layer, cell in
            cell.birthRate = 0
            cell.lifetime = 2
            cell.velocity = 0
            layer.maxParticles = 1500
        }
        let child = CAEmitterCell()
        child.name = "spark"
        child.birthRate = 10_000
        child.lifetime = 1
        child.beginTime = 1.5
        child.duration = 0.1
        child.velocity = 80
        child.emissionRange = 2 * .pi
        parent.emitterCells = [child]
        let sim = EmitterSimulation(layer: layer)
        _ = try? sim.burst(count: 1, cellNamed: "cell")
        run(sim, seconds: 1.45)
        #expect(sim.counters(for: child)?.born == 0)
        run(sim, seconds: 0.2)
        let c = sim.counters(for: child)!
        #expect(c.born == 1000, "one parent: 10 000/s × 0.1 s = \(c.born)")
        _ = try? sim.burst(count: 3, cellNamed: "cell")
        run(sim, seconds: 1.7)
        let d = sim.counters(for: child)!
        #expect(
            sim.totals.alive <= 1500 && d.dropped > 0 && d.born + d.dropped == 4000,
            "budget 1500: \(d), totals \(sim.totals)")
        #expect(sim.takeBudgetWarning() != nil && sim.takeBudgetWarning() == nil, "warns once")
    }

    @Test func subCellsNestToAnyDepth() throws {
        let (layer, top) = makeEmitter { _, cell in
            cell.birthRate = 5
            cell.lifetime = 2
        }
        var parent = top
        var cells = [top]
        for level in 1...5 {
            let c = CAEmitterCell()
            c.name = "level\(level)"
            c.birthRate = 3
            c.lifetime = 1
            parent.emitterCells = [c]
            cells.append(c)
            parent = c
        }
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 4)
        for (depth, c) in cells.enumerated() {
            #expect(
                (sim.counters(for: c)?.born ?? 0) > 0, "depth \(depth): \(String(describing: sim.counters(for: c)))")
        }
        #expect(try sim.counters(forCellNamed: "cell.level1.level2.level3.level4.level5").born > 0)
    }

    @Test func aCellThatContainsItselfIsNotFollowed() {
        let (layer, cell) = makeEmitter { _, cell in
            cell.birthRate = 10
            cell.lifetime = 1
        }
        cell.emitterCells = [cell]
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: 1)
        #expect(abs(sim.totals.born - 10) <= 1, "the cycle is cut at the repeated cell: \(sim.totals)")
    }
}
