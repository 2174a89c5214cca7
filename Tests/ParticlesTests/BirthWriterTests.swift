import Foundation
import LayerKit
import Testing
@_spi(Benchmarks) @testable import Particles

/// The batch path of `BirthWriter` (`addLayerBatch`, taken by top-level cells) writes bit for bit what
/// the one-birth-at-a-time path (`add`) writes for the same draws, whatever the ranges: results never
/// depend on the path a birth takes.
@Suite struct BirthWriterTests {
    /// A cell configuration: scale, spin and colour means and ranges, and the layer multipliers.
    struct Case: CustomStringConvertible, Sendable {
        var scale: CGFloat = 1, scaleRange: CGFloat = 0, spin: CGFloat = 0, spinRange: CGFloat = 0
        var redRange: Float = 0, layerScale: Float = 1, layerSpin: Float = 1
        var description: String {
            "scale \(scale) ± \(scaleRange), spin \(spin) ± \(spinRange), red range \(redRange), layer scale \(layerScale), spin \(layerSpin)"
        }
    }

    static let cases: [Case] = [
        Case(),
        Case(scale: -0.0, spin: -0.0), // −0 means: range × draw can flip the sign of a zero
        Case(scale: 0, spin: 0, layerScale: -1, layerSpin: -2),
        Case(scale: 2, scaleRange: 0.5, spin: 1, spinRange: 3),
        Case(scale: 0.3, scaleRange: 1, spin: -0.0, spinRange: 0.2, redRange: 0.4),
        Case(scale: -1, spin: 4, layerScale: 0.5, layerSpin: 3),
    ]

    @Test(arguments: cases)
    func aLayerBatchWritesBitForBitWhatBirthsOneAtATimeWrite(_ configuration: Case) throws {
        let (layer, cell) = makeEmitter { layer, cell in
            layer.scale = configuration.layerScale
            layer.spin = configuration.layerSpin
            cell.lifetime = 2
            cell.lifetimeRange = 1
            cell.velocity = 50
            cell.velocityRange = 20
            cell.emissionRange = 2 * .pi
            cell.yAcceleration = 30
            cell.scale = configuration.scale
            cell.scaleRange = configuration.scaleRange
            cell.spin = configuration.spin
            cell.spinRange = configuration.spinRange
            cell.redRange = configuration.redRange
        }
        let params = CellParameters(cell: cell, layer: layer)
        let n = 150, seed: UInt64 = 41
        let birthTimes = (0..<n).map { 1 + Double($0) / Double(n) / 120 }

        let batched = ParticleStore(), single = ParticleStore()
        var writer = BirthWriter(store: batched, params: params, epoch: 0, endTime: 1 + 1.0 / 120)
        writer.reserve(n)
        let buffer = DrawBuffer()
        var random = SeededRandom(seed: seed)
        // Only the draws the batch reads are computed, as for a still emitter (the others hold a poison
        // value in debug builds, so reading one shows).
        let draws = buffer.prefetch(&random, count: n * writer.drawsPerBirth, births: n,
                                    table: writer.longitudeTable(shapeDraws: 0), reading: writer.layerBatchDraws)
        let scratch = buffer.scratch
        for j in 0..<n { (scratch.time[j], scratch.x[j], scratch.y[j], scratch.z[j]) = (birthTimes[j], 10, 20, 0) }
        writer.addLayerBatch(draws, stride: writer.drawsPerBirth, shapeDraws: 0, scratch, count: n)
        writer.commit(batch: 1)

        var one = BirthWriter(store: single, params: params, epoch: 0, endTime: 1 + 1.0 / 120)
        one.reserve(n)
        var replay = SeededRandom(seed: seed)
        for j in 0..<n {
            one.add(&replay, x: 10, y: 20, z: 0, frame: .layer, inherit: .one, birthTime: birthTimes[j])
        }
        one.commit(batch: 1)

        #expect(batched.count == n && single.count == n)
        func bits(_ s: ParticleStore, _ i: Int) -> [UInt32] {
            [s.x[i], s.y[i], s.z[i], s.vx[i], s.vy[i], s.vz[i], s.death[i], s.life[i], s.scale[i], s.spin[i]].map(\.bitPattern)
                + (0..<4).map { UInt32(s.color[4 * i + $0]) }
        }
        for i in 0..<n {
            #expect(bits(batched, i) == bits(single, i), "seed \(seed), \(configuration), birth \(i): batch \(bits(batched, i)), one at a time \(bits(single, i))")
        }
        #expect(random == replay, "seed \(seed), \(configuration): the sparse prefetch leaves the generator where the births do")
        #expect(batched.runs.earliestDeath == single.runs.earliestDeath && batched.runs.latestDeath == single.runs.latestDeath,
                "death bounds: batch \(batched.runs.earliestDeath), \(batched.runs.latestDeath); one at a time \(single.runs.earliestDeath), \(single.runs.latestDeath)")
    }

    @Test func theLivingOfABatchAreTheDeathTimesAtOrAfterTheThresholdNeverNaN() {
        var random = SeededRandom(seed: 8)
        for n in 0..<40 {
            var deaths = (0..<n).map { _ in (random.nextSignedFloat() * 4).rounded() }
            if n > 3 { deaths[n / 3] = .nan }
            let expected = deaths.filter { $0 >= 1 }.count
            let got = deaths.withUnsafeBufferPointer { BirthWriter.count($0.baseAddress!, atLeast: 1, count: n) }
            #expect(got == expected, "seed 8, \(n) deaths \(deaths): \(got) at or after 1, expected \(expected)")
        }
    }
}
