import Foundation
import LayerKit
import Testing

@_spi(Benchmarks) @testable import Particles

/// The batch path of `BirthWriter` (`addLayerBatch`, taken by top-level cells) writes bit for bit what
/// the one-birth-at-a-time path (`add`) writes for the same draws, whatever the ranges: results never
/// depend on the path a birth takes.
@Suite struct BirthWriterTests {
    /// A cell configuration: scale, spin and colour means and ranges, the layer multipliers, and
    /// emission latitude and z acceleration (births that move in z); the depth of a still emitter;
    /// and whether a few births come from so long ago that ½age² overflows (a batch that would stay
    /// flat must then compute its depth after all).
    struct Case: CustomStringConvertible, Sendable {
        var scale: CGFloat = 1, scaleRange: CGFloat = 0, spin: CGFloat = 0, spinRange: CGFloat = 0
        var redRange: Float = 0, layerScale: Float = 1, layerSpin: Float = 1
        var latitude: CGFloat = 0, zAcceleration: CGFloat = 0
        var stillDepth = 0.0, endlessAges = false
        var description: String {
            "scale \(scale) ± \(scaleRange), spin \(spin) ± \(spinRange), red range \(redRange), layer scale \(layerScale), "
                + "spin \(layerSpin), latitude \(latitude), z acceleration \(zAcceleration), still depth \(stillDepth), "
                + "endless ages \(endlessAges)"
        }
    }

    static let cases: [Case] = [
        Case(),
        Case(scale: -0.0, spin: -0.0),  // −0 means: range × draw can flip the sign of a zero
        Case(scale: 0, spin: 0, layerScale: -1, layerSpin: -2),
        Case(scale: 2, scaleRange: 0.5, spin: 1, spinRange: 3),
        Case(scale: 0.3, scaleRange: 1, spin: -0.0, spinRange: 0.2, redRange: 0.4),
        Case(scale: -1, spin: 4, layerScale: 0.5, layerSpin: 3),
        Case(latitude: 0.7, zAcceleration: -4),
        Case(stillDepth: 7),
        Case(stillDepth: -0.0),
        Case(endlessAges: true),
    ]

    /// How the batch takes its births: a still emitter's (draws in planes, every birth at one point),
    /// or a moving one's (draws in the generator's order, each birth at its own point; the second
    /// chunk's births leave z = 0, so its z column gets storage after the chunk's other columns are
    /// written).
    enum Layout: String, CaseIterable, CustomStringConvertible, Sendable {
        case still, moving
        var description: String { rawValue }
    }

    @Test(arguments: cases, Layout.allCases)
    func aLayerBatchWritesBitForBitWhatBirthsOneAtATimeWrite(_ configuration: Case, _ layout: Layout) throws {
        let (layer, cell) = makeEmitter { layer, cell in
            layer.scale = configuration.layerScale
            layer.spin = configuration.layerSpin
            cell.lifetime = 0.008
            cell.lifetimeRange = 0.006
            cell.velocity = 50
            cell.velocityRange = 20
            cell.emissionRange = 2 * .pi
            cell.emissionLatitude = configuration.latitude
            cell.yAcceleration = 30
            cell.zAcceleration = configuration.zAcceleration
            cell.scale = configuration.scale
            cell.scaleRange = configuration.scaleRange
            cell.spin = configuration.spin
            cell.spinRange = configuration.spinRange
            cell.redRange = configuration.redRange
        }
        let params = CellParameters(cell: cell, layer: layer)
        // Two chunks, neither a whole number of vectors; lifetimes about as long as the step, so some
        // births die within it.
        let chunks = [0..<101, 101..<150]
        let n = 150
        let seed: UInt64 = 41
        var birthTimes = (0..<n).map { 1 + Double($0) / Double(n) / 120 }
        if configuration.endlessAges { (birthTimes[5], birthTimes[120]) = (-1e200, -.infinity) }
        func position(_ j: Int) -> (x: Double, y: Double, z: Double) {
            layout == .still
                ? (10, 20, configuration.stillDepth)
                : (10 + Double(j) / 3, 20 - Double(j) / 7, j < 101 ? 0 : Double(j % 5))
        }
        let endTime = 1 + 1.0 / 120
        let epoch = 1 + 1.0 / 120 - 1.5

        let batched = ParticleStore()
        let single = ParticleStore()
        var writer = BirthWriter(store: batched, params: params, epoch: epoch, endTime: endTime)
        writer.reserve(n)
        let buffer = DrawBuffer()
        var random = SeededRandom(seed: seed)
        for chunk in chunks {
            // A still emitter's prefetch computes only the draws the batch reads (the others hold a
            // poison value in debug builds, so reading one shows).
            let draws = buffer.prefetch(
                &random, count: chunk.count * writer.drawsPerBirth, births: chunk.count,
                table: writer.longitudeTable(shapeDraws: 0),
                reading: layout == .still ? writer.layerBatchDraws : nil)
            let scratch = buffer.scratch
            for (j, k) in chunk.enumerated() {
                scratch.time[j] = birthTimes[k]
                (scratch.x[j], scratch.y[j], scratch.z[j]) = position(k)
            }
            writer.addLayerBatch(
                draws, stride: writer.drawsPerBirth, shapeDraws: 0, scratch, count: chunk.count,
                from: layout == .still ? position(0) : nil)
        }
        writer.commit(batch: 1)

        var one = BirthWriter(store: single, params: params, epoch: epoch, endTime: endTime)
        one.reserve(n)
        var replay = SeededRandom(seed: seed)
        for j in 0..<n {
            let p = position(j)
            one.add(&replay, x: p.x, y: p.y, z: p.z, frame: .layer, inherit: .one, birthTime: birthTimes[j])
        }
        one.commit(batch: 1)

        #expect(batched.count == n && single.count == n)
        #expect(
            writer.alive == one.alive && writer.died == one.died && writer.died > 0 && writer.alive > 0,
            "alive \(writer.alive), died \(writer.died); one at a time \(one.alive), \(one.died)")
        func bits(_ s: ParticleStore, _ i: Int) -> [UInt32] {
            [s.x[i], s.y[i], s.z[i], s.vx[i], s.vy[i], s.vz[i], s.death[i], s.life[i], s.scale[i], s.spin[i]].map(
                \.bitPattern)
                + (0..<4).map { UInt32(s.color[4 * i + $0]) }
        }
        for i in 0..<n {
            #expect(
                bits(batched, i) == bits(single, i),
                "seed \(seed), \(configuration), \(layout), birth \(i): batch \(bits(batched, i)), one at a time \(bits(single, i))"
            )
        }
        #expect(
            batched.zMoves == single.zMoves,
            "\(configuration), \(layout): z moves \(batched.zMoves), one at a time \(single.zMoves)")
        #expect(
            random == replay,
            "seed \(seed), \(configuration), \(layout): the prefetch leaves the generator where the births do")
        #expect(
            batched.runs.earliestDeath == single.runs.earliestDeath
                && batched.runs.latestDeath == single.runs.latestDeath,
            "death bounds: batch \(batched.runs.earliestDeath), \(batched.runs.latestDeath); one at a time \(single.runs.earliestDeath), \(single.runs.latestDeath)"
        )
    }
}
