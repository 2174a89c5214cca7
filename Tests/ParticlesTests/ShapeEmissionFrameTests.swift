import Foundation
import LayerKit
import Testing

@testable import Particles

/// The emission frame of each emitter shape (docs/Design.md §3.2): a line measures the longitude from its
/// perpendicular toward −y (up the screen) and +π/2 turns it toward +x; the point and every other shape
/// measure it from +x. Checked on every path a top-level birth can take.
@Suite struct ShapeEmissionFrameTests {
    /// How the births are made: by steps of a still emitter (batched), by steps of a moving emitter (one
    /// position per birth, batched motion), by steps of a cell with an extension (one birth at a time),
    /// or by `emit(count:cellNamed:)`.
    enum Path: String, CaseIterable, CustomStringConvertible {
        case still, moving, extended, emit
        var description: String { rawValue }
    }

    /// The mean velocity of the particles of a cell of speed 100 at `longitude` (and `latitude`) from a
    /// `shape` emitter centred at (100, 100), 80 × 40 × 20 points, seed 5.
    static func meanVelocity(
        _ shape: CAEmitterLayerEmitterShape, longitude: Double, latitude: Double = 0, range: Double = 0,
        path: Path
    ) -> (x: Double, y: Double, z: Double, count: Int) {
        let (layer, _) = makeEmitter { layer, cell in
            layer.seed = 5
            layer.emitterShape = shape
            layer.emitterMode = shape == .line ? .outline : .volume
            layer.emitterPosition = CGPoint(x: 100, y: 100)
            layer.emitterSize = CGSize(width: 80, height: 40)
            layer.emitterDepth = 20
            cell.birthRate = path == .emit ? 0 : 1200
            cell.lifetime = 10
            cell.velocity = 100
            cell.emissionLongitude = longitude
            cell.emissionLatitude = latitude
            cell.emissionRange = range
            // An extension that changes nothing here but sends the births through `BirthWriter.add`.
            if path == .extended { cell.rotation = 0.25 }
        }
        let sim = EmitterSimulation(layer: layer)
        switch path {
        case .emit:
            _ = try? sim.burst(count: 300, cellNamed: "cell")
        case .moving:
            for k in 0..<30 {
                layer.emitterPosition = CGPoint(x: 100 + Double(k), y: 100)
                sim.step(by: step120)
            }
        case .still, .extended:
            run(sim, seconds: 0.25)
        }
        let p = sim.snapshot()
        return (mean(p.map(\.vx)), mean(p.map(\.vy)), mean(p.map(\.vz)), p.count)
    }

    @Test(arguments: Path.allCases)
    func aLineEmitsAlongItsPerpendicularAtLongitudeZeroAndDownAtPi(_ path: Path) {
        // Longitude 0: up the screen (rockets from a line at the bottom, Apple's Fireworks sample);
        // π: down (rain and confetti from a line at the top: SAConfettiView, VKWeather); +π/2: toward +x.
        for (longitude, expected) in [(0.0, (0.0, -100.0)), (Double.pi, (0.0, 100.0)), (Double.pi / 2, (100.0, 0.0))] {
            let v = Self.meanVelocity(.line, longitude: longitude, path: path)
            #expect(
                v.count > 0 && abs(v.x - expected.0) < 1e-3 && abs(v.y - expected.1) < 1e-3 && v.z == 0,
                "seed 5, \(path), line, longitude \(longitude): mean velocity (\(v.x), \(v.y), \(v.z)) of \(v.count), expected \(expected)"
            )
        }
    }

    @Test(arguments: [CAEmitterLayerEmitterShape.point, .rectangle, .circle, .cuboid, .sphere], Path.allCases)
    func everyOtherShapeMeasuresLongitudeFromPlusX(_ shape: CAEmitterLayerEmitterShape, _ path: Path) {
        for (longitude, expected) in [
            (0.0, (100.0, 0.0)), (Double.pi / 2, (0.0, 100.0)), (-Double.pi / 2, (0.0, -100.0)),
        ] {
            let v = Self.meanVelocity(shape, longitude: longitude, path: path)
            #expect(
                v.count > 0 && abs(v.x - expected.0) < 1e-3 && abs(v.y - expected.1) < 1e-3 && v.z == 0,
                "seed 5, \(path), \(shape.rawValue), longitude \(longitude): mean velocity (\(v.x), \(v.y), \(v.z)) of \(v.count), expected \(expected)"
            )
        }
    }

    @Test func aLinesLatitudeStillLiftsTowardPlusZ() {
        let v = Self.meanVelocity(.line, longitude: 0, latitude: .pi / 3, path: .still)
        #expect(
            abs(v.x) < 1e-3 && abs(v.y + 50) < 1e-3 && abs(v.z - 100 * sin(Double.pi / 3)) < 1e-3,
            "seed 5: (0, −50, 86.6) expected, got (\(v.x), \(v.y), \(v.z))")
    }

    @Test func aLinesRangeSpreadsAroundItsPerpendicular() {
        let v = Self.meanVelocity(.line, longitude: .pi, range: .pi / 2, path: .still)
        // Uniform over ±π/4 about straight down: mean speed along it 100·sin(π/4)/(π/4) = 90.03.
        #expect(abs(v.x) < 3 && abs(v.y - 90.03) < 1.5, "seed 5: mean velocity (\(v.x), \(v.y)) of \(v.count)")
    }

    // MARK: - Real public iOS code

    /// The particles of `cell` from a line `width` wide at `position` after `seconds` at 120 steps/s.
    static func lineEmitter(
        at position: CGPoint, width: CGFloat, seed: UInt32, seconds: Double, _ configure: (CAEmitterCell) -> Void
    ) -> [ParticleRecord] {
        let layer = CAEmitterLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        layer.seed = seed
        layer.emitterPosition = position
        layer.emitterShape = .line
        layer.emitterSize = CGSize(width: width, height: 1)
        let cell = CAEmitterCell()
        cell.name = "cell"
        cell.contents = dot
        configure(cell)
        layer.emitterCells = [cell]
        let sim = EmitterSimulation(layer: layer)
        run(sim, seconds: seconds)
        return sim.snapshot()
    }

    @Test func confettiFromSAConfettiViewFallsIntoTheView() {
        // sudeepag/SAConfettiView, Pod/Classes/SAConfettiView.swift @ c20ff3d, intensity 0.5: a line across
        // the top (y = 0), velocity 175 ± 40, emissionLongitude π, emissionRange π/4, no acceleration.
        let p = Self.lineEmitter(at: CGPoint(x: 160, y: 0), width: 320, seed: 11, seconds: 3) { c in
            c.birthRate = 3
            c.lifetime = 7
            c.velocity = 175
            c.velocityRange = 40
            c.emissionLongitude = .pi
            c.emissionRange = .pi / 4
        }
        // Uniform over ±π/8 about straight down: mean vy = 175 · sin(π/8)/(π/8) = 170.5, all below the line.
        let vx = mean(p.map(\.vx))
        let vy = mean(p.map(\.vy))
        #expect(p.count == 9, "3/s for 3 s: \(p.count)")
        #expect(abs(vx) < 25 && abs(vy - 170.5) < 25, "seed 11: mean velocity (\(vx), \(vy))")
        #expect(
            p.allSatisfy { $0.vy > 0 && $0.y >= 0 },
            "seed 11: every piece moves down into the view: \(p.map { ($0.x, $0.y) })")
    }

    @Test func rainFromVKWeatherFallsStraightDown() {
        // AnnaNikolS/VKWeather, VKWeather/Views/RainEmitterLayer.swift @ 546d581: a line above the view
        // (y = −10), birthRate 120, velocity 700 ± 400, emissionLongitude π, no range, no acceleration.
        let p = Self.lineEmitter(at: CGPoint(x: 160, y: -10), width: 320, seed: 3, seconds: 0.5) { c in
            c.birthRate = 120
            c.lifetime = 7
            c.velocity = 700
            c.velocityRange = 400
            c.emissionLongitude = .pi
        }
        #expect(p.count == 60, "120/s for 0.5 s: \(p.count)")
        #expect(
            p.allSatisfy { abs($0.vx) < 1e-3 && $0.vy >= 300 - 1e-2 && $0.vy <= 1100 + 1e-2 },
            "seed 3: drops fall straight down at 700 ± 400: \(p.prefix(3).map { ($0.vx, $0.vy) })")
    }

    @Test func fireworksRocketsRiseFromALineAtTheBottom() {
        // Apple's Fireworks sample (as copied in gist victorchee/f44e968d8ea211bdf97d2da465fa68c5): a line
        // along the bottom edge, no emissionLongitude (0), emissionRange 0.25π, velocity 380 ± 100,
        // yAcceleration 75.
        let p = Self.lineEmitter(at: CGPoint(x: 160, y: 480), width: 160, seed: 7, seconds: 5) { c in
            c.birthRate = 1
            c.lifetime = 1.02
            c.velocity = 380
            c.velocityRange = 100
            c.emissionRange = 0.25 * .pi
            c.yAcceleration = 75
        }
        // The launch velocity: the current one minus the acceleration since birth.
        let launch = p.map { (x: Double($0.vx), y: Double($0.vy) - 75 * Double($0.age)) }
        #expect(!launch.isEmpty)
        #expect(
            launch.allSatisfy { $0.y < 0 && abs(atan2($0.x, -$0.y)) <= 0.125 * .pi + 1e-3 },
            "seed 7: rockets leave within ±π/8 of straight up: \(launch)")
    }
}
