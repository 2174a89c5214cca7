import EmitterTestSupport
import Foundation
import LayerKit

@testable import Particles

// MARK: - Scenes and helpers shared by the Particles tests

/// The engine's default fixed step.
let step120 = 1.0 / 120

/// A 1×1 white image, so that cells have contents and appear in draw lists.
let dot: CGImage = try! CGImage(width: 1, height: 1, premultipliedPixels: [255, 255, 255, 255])

/// The emitter of the Core Animation book's scene S1 (core-animation-notes.md §18): birthRate 88,
/// lifetime 5, orange, alphaSpeed −0.4, velocity 39 ± 50, emissionRange 2π, additive, at the centre.
func makeS1() -> (CAEmitterLayer, CAEmitterCell) {
    let layer = CAEmitterLayer()
    layer.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
    layer.emitterPosition = CGPoint(x: 160, y: 240)
    layer.renderMode = .additive
    let cell = CAEmitterCell()
    cell.name = "spark"
    cell.contents = dot
    cell.birthRate = 88
    cell.lifetime = 5
    cell.color = UIColor.orange.cgColor
    cell.alphaSpeed = -0.4
    cell.velocity = 39
    cell.velocityRange = 50
    cell.emissionRange = .pi * 2
    layer.emitterCells = [cell]
    return (layer, cell)
}

/// The book's emitter (scene S2): 200×200 layer, emitter at (100, 100), birthRate 150, lifetime 5,
/// colour (1, 0.5, 0.1, 1), alphaSpeed −0.4, velocity 50 ± 50, emissionRange 2π.
func makeS2() -> (CAEmitterLayer, CAEmitterCell) {
    let layer = CAEmitterLayer()
    layer.frame = CGRect(x: 100, y: 100, width: 200, height: 200)
    layer.emitterPosition = CGPoint(x: 100, y: 100)
    layer.renderMode = .additive
    let cell = CAEmitterCell()
    cell.name = "spark"
    cell.contents = dot
    cell.birthRate = 150
    cell.lifetime = 5
    cell.color = CGColor(red: 1, green: 0.5, blue: 0.1, alpha: 1)
    cell.alphaSpeed = -0.4
    cell.velocity = 50
    cell.velocityRange = 50
    cell.emissionRange = .pi * 2
    layer.emitterCells = [cell]
    return (layer, cell)
}

/// A single-cell emitter at (0, 0) with the given setup.
func makeEmitter(_ configure: (CAEmitterLayer, CAEmitterCell) -> Void) -> (CAEmitterLayer, CAEmitterCell) {
    let layer = CAEmitterLayer()
    let cell = CAEmitterCell()
    cell.name = "cell"
    cell.contents = dot
    cell.birthRate = 100
    cell.lifetime = 10
    layer.emitterCells = [cell]
    configure(layer, cell)
    return (layer, cell)
}

/// Runs `seconds` of simulation at the fixed step `dt`.
func run(_ sim: EmitterSimulation, seconds: Double, dt: Double = step120, layer: CAEmitterLayer? = nil) {
    let steps = Int((seconds / dt).rounded())
    for _ in 0..<steps { sim.step(by: dt, layer: layer) }
}

/// Mean of a list.
func mean(_ v: [Float]) -> Double { v.isEmpty ? .nan : v.reduce(0.0) { $0 + Double($1) } / Double(v.count) }

/// Apple's Fireworks sample (rocket → invisible burst → sparks) in a 320×480 layer, rockets fired
/// upward from a line at the bottom (longitude 0, the sample sets none: a line's perpendicular).
/// Returns the layer and the three cells.
func makeFireworks() -> (layer: CAEmitterLayer, rocket: CAEmitterCell, burst: CAEmitterCell, spark: CAEmitterCell) {
    let layer = CAEmitterLayer()
    layer.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
    layer.emitterPosition = CGPoint(x: 160, y: 480)
    layer.emitterSize = CGSize(width: 160, height: 0)
    layer.emitterMode = .outline
    layer.emitterShape = .line
    layer.renderMode = .additive
    layer.seed = 7

    let rocket = CAEmitterCell()
    rocket.name = "rocket"
    rocket.birthRate = 1
    rocket.emissionRange = 0.25 * .pi
    rocket.velocity = 380
    rocket.velocityRange = 100
    rocket.yAcceleration = 75
    rocket.lifetime = 1.02
    rocket.contents = dot
    rocket.scale = 0.2
    rocket.color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    rocket.greenRange = 1
    rocket.redRange = 1
    rocket.blueRange = 1
    rocket.spinRange = .pi

    let burst = CAEmitterCell()
    burst.name = "burst"
    burst.birthRate = 1
    burst.velocity = 0
    burst.scale = 2.5
    burst.redSpeed = -1.5
    burst.blueSpeed = 1.5
    burst.greenSpeed = 1
    burst.lifetime = 0.35

    let spark = CAEmitterCell()
    spark.name = "spark"
    spark.birthRate = 400
    spark.velocity = 125
    spark.emissionRange = 2 * .pi
    spark.yAcceleration = 75
    spark.lifetime = 3
    spark.contents = dot
    spark.scaleSpeed = -0.2
    spark.greenSpeed = -0.1
    spark.redSpeed = 0.4
    spark.blueSpeed = -0.1
    spark.alphaSpeed = -0.25
    spark.spin = 2 * .pi
    spark.spinRange = 2 * .pi

    layer.emitterCells = [rocket]
    rocket.emitterCells = [burst]
    burst.emitterCells = [spark]
    return (layer, rocket, burst, spark)
}

/// The golden state hashes of this target's simulations (`Golden`).
let goldenHashes = TestSupport.fixturesFolder(of: #filePath) + "/hashes.json"

/// A hash as 16 hexadecimal digits, as `StateHasher.hex` writes it.
func hex(_ hash: UInt64) -> String {
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
}
