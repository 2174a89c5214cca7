import Foundation
import LayerKit
import Testing

@testable import Particles

/// Where particles are born for every emitterShape × emitterMode (docs/Design.md §3.3): centre (100, 50, 20),
/// emitterSize 40 × 30, emitterDepth 10; circle and sphere of radius 40.
@Suite struct EmitterShapeTests {
    static let cx: Float = 100, cy: Float = 50, cz: Float = 20
    static let w: Float = 40, h: Float = 30, d: Float = 10

    /// Birth positions relative to the centre of 4000 particles emitted at once (age 0, so in place).
    static func births(_ shape: CAEmitterLayerEmitterShape, _ mode: CAEmitterLayerEmitterMode) -> [(
        Float, Float, Float
    )] {
        let (layer, _) = makeEmitter { layer, cell in
            layer.emitterPosition = CGPoint(x: Double(cx), y: Double(cy))
            layer.emitterZPosition = Double(cz)
            layer.emitterSize = CGSize(width: Double(w), height: Double(h))
            layer.emitterDepth = Double(d)
            layer.emitterShape = shape
            layer.emitterMode = mode
            layer.seed = 5
            cell.birthRate = 0
        }
        let sim = EmitterSimulation(layer: layer)
        _ = try? sim.burst(count: 4000, cellNamed: "cell")
        return sim.snapshot().map { ($0.x - cx, $0.y - cy, $0.z - cz) }
    }

    static func near(_ a: Float, _ b: Float) -> Bool { abs(a - b) < 1e-3 }

    @Test(arguments: CAEmitterLayerEmitterMode.allCases)
    func pointShapeEmitsFromThePosition(_ mode: CAEmitterLayerEmitterMode) {
        let p = Self.births(.point, mode)
        #expect(
            p.allSatisfy { Self.near($0.0, 0) && Self.near($0.1, 0) && Self.near($0.2, 0) },
            "point/\(mode.rawValue): \(p.prefix(3))")
    }

    @Test func linePointsModeEmitsFromTheTwoEnds() {
        let p = Self.births(.line, .points)
        let left = p.filter { Self.near($0.0, -Self.w / 2) }.count
        let right = p.filter { Self.near($0.0, Self.w / 2) }.count
        #expect(left + right == p.count && left > 1800 && right > 1800, "seed 5: ends \(left) + \(right) of \(p.count)")
        #expect(p.allSatisfy { Self.near($0.1, 0) && Self.near($0.2, 0) })
    }

    @Test(arguments: [CAEmitterLayerEmitterMode.outline, .surface, .volume])
    func lineSpreadsAlongItsLengthIgnoringHeight(_ mode: CAEmitterLayerEmitterMode) {
        let p = Self.births(.line, mode)
        let xs = p.map(\.0)
        #expect(
            p.allSatisfy { abs($0.0) <= Self.w / 2 + 1e-3 && Self.near($0.1, 0) && Self.near($0.2, 0) },
            "line/\(mode.rawValue)")
        #expect(
            (xs.min() ?? 0) < -19 && (xs.max() ?? 0) > 19 && abs(mean(xs)) < 1,
            "seed 5: x in [\(xs.min() ?? 0), \(xs.max() ?? 0)], mean \(mean(xs))")
    }

    @Test func rectanglePointsModeEmitsFromTheFourCorners() {
        let p = Self.births(.rectangle, .points)
        for (sx, sy) in [(-1, -1), (1, -1), (1, 1), (-1, 1)] as [(Float, Float)] {
            let n = p.filter { Self.near($0.0, sx * Self.w / 2) && Self.near($0.1, sy * Self.h / 2) }.count
            #expect(n > 850, "seed 5: corner (\(sx), \(sy)) got \(n) of \(p.count)")
        }
    }

    @Test func rectangleOutlineModeEmitsOnThePerimeterByLength() {
        let p = Self.births(.rectangle, .outline)
        let onVertical = p.filter { Self.near(abs($0.0), Self.w / 2) }.count
        #expect(
            p.allSatisfy {
                (Self.near(abs($0.0), Self.w / 2) && abs($0.1) <= Self.h / 2 + 1e-3)
                    || (Self.near(abs($0.1), Self.h / 2) && abs($0.0) <= Self.w / 2 + 1e-3)
            }, "points off the perimeter")
        // The vertical edges are 2 × 30 of the 140-point perimeter.
        #expect(
            abs(Double(onVertical) / Double(p.count) - 60.0 / 140) < 0.03,
            "seed 5: \(onVertical) of \(p.count) on the vertical edges")
    }

    @Test(arguments: [CAEmitterLayerEmitterMode.surface, .volume])
    func rectangleFillsItsArea(_ mode: CAEmitterLayerEmitterMode) {
        let p = Self.births(.rectangle, mode)
        #expect(p.allSatisfy { abs($0.0) <= Self.w / 2 + 1e-3 && abs($0.1) <= Self.h / 2 + 1e-3 && Self.near($0.2, 0) })
        let inner = p.filter { abs($0.0) < Self.w / 4 && abs($0.1) < Self.h / 4 }.count
        #expect(
            abs(Double(inner) / Double(p.count) - 0.25) < 0.03,
            "seed 5, rectangle/\(mode.rawValue): inner quarter holds \(inner)")
    }

    @Test func cuboidPointsModeEmitsFromTheEightCorners() {
        let p = Self.births(.cuboid, .points)
        #expect(
            p.allSatisfy {
                Self.near(abs($0.0), Self.w / 2) && Self.near(abs($0.1), Self.h / 2) && Self.near(abs($0.2), Self.d / 2)
            })
        let distinct = Set(p.map { "\($0.0 > 0)\($0.1 > 0)\($0.2 > 0)" })
        #expect(distinct.count == 8, "seed 5: \(distinct.count) corners used")
    }

    @Test func cuboidOutlineModeEmitsOnTheTwelveEdges() {
        let p = Self.births(.cuboid, .outline)
        let onEdge = p.filter { q in
            [Self.near(abs(q.0), Self.w / 2), Self.near(abs(q.1), Self.h / 2), Self.near(abs(q.2), Self.d / 2)].filter {
                $0
            }.count >= 2
        }
        #expect(onEdge.count == p.count, "seed 5: \(p.count - onEdge.count) points off the edges")
        let alongZ = p.filter {
            Self.near(abs($0.0), Self.w / 2) && Self.near(abs($0.1), Self.h / 2) && abs($0.2) < Self.d / 2 - 1e-3
        }.count
        #expect(
            abs(Double(alongZ) / Double(p.count) - 40.0 / 320) < 0.03,
            "seed 5: \(alongZ) on the z edges (40 of 320 points of length)")
    }

    @Test func cuboidSurfaceModeEmitsOnTheSixFacesByArea() {
        let p = Self.births(.cuboid, .surface)
        #expect(
            p.allSatisfy {
                Self.near(abs($0.0), Self.w / 2) || Self.near(abs($0.1), Self.h / 2) || Self.near(abs($0.2), Self.d / 2)
            })
        #expect(
            p.allSatisfy {
                abs($0.0) <= Self.w / 2 + 1e-3 && abs($0.1) <= Self.h / 2 + 1e-3 && abs($0.2) <= Self.d / 2 + 1e-3
            })
        let front = p.filter { Self.near(abs($0.2), Self.d / 2) }.count
        // Faces ±z are 2 × 1200 of 2 × (1200 + 400 + 300) = 3800.
        #expect(abs(Double(front) / Double(p.count) - 2400.0 / 3800) < 0.03, "seed 5: \(front) on the ±z faces")
    }

    @Test func cuboidVolumeModeFillsTheBox() {
        let p = Self.births(.cuboid, .volume)
        #expect(
            p.allSatisfy {
                abs($0.0) <= Self.w / 2 + 1e-3 && abs($0.1) <= Self.h / 2 + 1e-3 && abs($0.2) <= Self.d / 2 + 1e-3
            })
        let zs = p.map(\.2)
        #expect(
            (zs.min() ?? 0) < -4.9 && (zs.max() ?? 0) > 4.9 && abs(mean(zs)) < 0.3,
            "seed 5: z spread [\(zs.min() ?? 0), \(zs.max() ?? 0)]")
    }

    @Test func circlePointsModeEmitsFromTheCentre() {
        #expect(Self.births(.circle, .points).allSatisfy { Self.near($0.0, 0) && Self.near($0.1, 0) })
    }

    @Test func circleOutlineModeEmitsOnTheCircumferenceOfRadiusWidth() {
        let p = Self.births(.circle, .outline)
        #expect(
            p.allSatisfy { abs(($0.0 * $0.0 + $0.1 * $0.1).squareRoot() - Self.w) < 1e-3 && Self.near($0.2, 0) },
            "radius 40")
        #expect(abs(mean(p.map(\.0))) < 1.5 && abs(mean(p.map(\.1))) < 1.5, "seed 5: centred")
    }

    @Test(arguments: [CAEmitterLayerEmitterMode.surface, .volume])
    func circleFillsTheDiscUniformly(_ mode: CAEmitterLayerEmitterMode) {
        let p = Self.births(.circle, mode)
        let r = p.map { ($0.0 * $0.0 + $0.1 * $0.1).squareRoot() }
        #expect((r.max() ?? 0) <= Self.w + 1e-3 && (r.max() ?? 0) > 39.5)
        // Uniform by area: half the points lie within radius W/√2.
        let inner = r.filter { $0 < Self.w / Float(2).squareRoot() }.count
        #expect(
            abs(Double(inner) / Double(p.count) - 0.5) < 0.03, "seed 5, circle/\(mode.rawValue): \(inner) within W/√2")
    }

    @Test func spherePointsModeEmitsFromTheCentre() {
        #expect(
            Self.births(.sphere, .points).allSatisfy { Self.near($0.0, 0) && Self.near($0.1, 0) && Self.near($0.2, 0) })
    }

    @Test func sphereOutlineModeEmitsOnItsOutlineInTheLayerPlane() {
        let p = Self.births(.sphere, .outline)
        #expect(p.allSatisfy { abs(($0.0 * $0.0 + $0.1 * $0.1).squareRoot() - Self.w) < 1e-3 && Self.near($0.2, 0) })
    }

    @Test func sphereSurfaceModeEmitsOnTheShellUniformly() {
        let p = Self.births(.sphere, .surface)
        #expect(
            p.allSatisfy { abs(($0.0 * $0.0 + $0.1 * $0.1 + $0.2 * $0.2).squareRoot() - Self.w) < 1e-3 }, "radius 40")
        // Archimedes: z is uniform on the shell, so half lie in |z| < W/2.
        let band = p.filter { abs($0.2) < Self.w / 2 }.count
        #expect(abs(Double(band) / Double(p.count) - 0.5) < 0.03, "seed 5: \(band) in |z| < 20")
    }

    @Test func sphereVolumeModeFillsTheBallUniformly() {
        let p = Self.births(.sphere, .volume)
        let r = p.map { ($0.0 * $0.0 + $0.1 * $0.1 + $0.2 * $0.2).squareRoot() }
        #expect((r.max() ?? 0) <= Self.w + 1e-3)
        let inner = r.filter { $0 < Self.w * Float(pow(0.5, 1.0 / 3)) }.count
        #expect(abs(Double(inner) / Double(p.count) - 0.5) < 0.03, "seed 5: \(inner) within W·∛½")
    }
}
