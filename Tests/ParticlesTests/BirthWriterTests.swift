import Foundation
import LayerKit
import Testing

@_spi(Benchmarks) @testable import Particles

/// The fast path of births (`BirthWriter.addStillBatch`, taken by still emitters whose births stay at
/// their depth) writes bit for bit what the reference (`add`, one birth at a time through `sample`)
/// writes for the same draws, whatever the ranges; configurations it cannot write exactly never take it.
@Suite struct BirthWriterTests {
    /// A cell configuration: scale, spin and colour means and ranges, the layer multipliers, and
    /// emission latitude and z acceleration (births that move in z); the depth of the still emitter;
    /// and whether a few births come from so long ago that ½age² overflows.
    struct Case: CustomStringConvertible, Sendable {
        var scale: CGFloat = 1, scaleRange: CGFloat = 0, spin: CGFloat = 0, spinRange: CGFloat = 0
        var redRange: Float = 0, layerScale: Float = 1, layerSpin: Float = 1
        var latitude: CGFloat = 0, zAcceleration: CGFloat = 0, clampsNegativeScale = false
        var stillDepth = 0.0, endlessAges = false
        /// Whether the fast path can write these births exactly: they stay at their depth
        /// (`BatchMotion.staysFlat`).
        var takesTheFastPath: Bool {
            latitude == 0 && zAcceleration == 0 && stillDepth.bitPattern != (-0.0).bitPattern && !endlessAges
        }
        var description: String {
            "scale \(scale) ± \(scaleRange), spin \(spin) ± \(spinRange), red range \(redRange), layer scale \(layerScale), "
                + "spin \(layerSpin), latitude \(latitude), z acceleration \(zAcceleration), clamps \(clampsNegativeScale), "
                + "still depth \(stillDepth), endless ages \(endlessAges)"
        }
    }

    static let cases: [Case] = [
        Case(),
        Case(scale: -0.0, spin: -0.0),  // −0 means: range × draw can flip the sign of a zero
        Case(scale: 0, spin: 0, layerScale: -1, layerSpin: -2),
        Case(scale: 2, scaleRange: 0.5, spin: 1, spinRange: 3),
        Case(scale: 0.3, scaleRange: 1, spin: -0.0, spinRange: 0.2, redRange: 0.4),
        Case(scale: 0.3, scaleRange: 1, clampsNegativeScale: true),
        Case(scale: -1, spin: 4, layerScale: 0.5, layerSpin: 3),
        Case(stillDepth: 7),
        Case(latitude: 0.7, zAcceleration: -4),
        Case(zAcceleration: 3),
        Case(stillDepth: -0.0),
        Case(endlessAges: true),
    ]

    @Test(arguments: cases)
    func aStillBatchWritesBitForBitWhatBirthsOneAtATimeWrite(_ configuration: Case) throws {
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
            cell.clampsNegativeScale = configuration.clampsNegativeScale
        }
        let params = CellParameters(cell: cell, layer: layer)
        // Two chunks, neither a whole number of vectors; lifetimes about as long as the step, so some
        // births die within it.
        let chunks = [0..<101, 101..<150]
        let n = 150
        let seed: UInt64 = 41
        let step = 1.0 / 120
        var birthTimes = (0..<n).map { 1 + Double($0) / Double(n) * step }
        if configuration.endlessAges { (birthTimes[5], birthTimes[120]) = (-1e200, -.infinity) }
        let origin = (x: 10.0, y: 20.0, z: configuration.stillDepth)
        let endTime = 1 + step
        let epoch = 1 + step - 1.5
        let longestAge = birthTimes.map { endTime - $0 }.max()!

        let batched = ParticleStore()
        var writer = BirthWriter(store: batched, params: params, epoch: epoch, endTime: endTime)
        #expect(
            writer.takesStillBatch(atDepth: origin.z, stepLength: longestAge) == configuration.takesTheFastPath,
            "\(configuration): the fast path is taken exactly where it writes what the reference writes")
        guard configuration.takesTheFastPath else { return }
        writer.reserve(n)
        let buffer = DrawBuffer()
        var random = SeededRandom(seed: seed)
        for chunk in chunks {
            // The prefetch computes only the draws the batch reads (the others hold a poison value in
            // debug builds, so reading one shows).
            let draws = buffer.prefetch(
                &random, count: chunk.count * writer.drawsPerBirth, births: chunk.count,
                table: writer.longitudeTable(shapeDraws: 0), reading: writer.stillBatchDraws)
            for (j, k) in chunk.enumerated() { buffer.scratch.time[j] = birthTimes[k] }
            let slot = writer.next
            writer.addStillBatch(draws, buffer.scratch, count: chunk.count, from: origin)
            // The internal check of every batch (it traps on a difference).
            writer.checkStillBatch(draws, count: chunk.count, from: origin, firstSlot: slot) {
                birthTimes[chunk.lowerBound + $0]
            }
        }
        writer.commit(batch: 1)

        let single = ParticleStore()
        var one = BirthWriter(store: single, params: params, epoch: epoch, endTime: endTime)
        one.reserve(n)
        var replay = SeededRandom(seed: seed)
        for j in 0..<n {
            one.add(
                &replay, x: origin.x, y: origin.y, z: origin.z, frame: .layer, inherit: .one, birthTime: birthTimes[j])
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
                "seed \(seed), \(configuration), birth \(i): batch \(bits(batched, i)), one at a time \(bits(single, i))"
            )
        }
        #expect(
            batched.zMoves == single.zMoves,
            "\(configuration): z moves \(batched.zMoves), one at a time \(single.zMoves)")
        #expect(
            random == replay,
            "seed \(seed), \(configuration): the prefetch leaves the generator where the births do")
        #expect(
            batched.runs.earliestDeath == single.runs.earliestDeath
                && batched.runs.latestDeath == single.runs.latestDeath,
            "death bounds: batch \(batched.runs.earliestDeath), \(batched.runs.latestDeath); one at a time \(single.runs.earliestDeath), \(single.runs.latestDeath)"
        )
    }

    /// A run that asks for internal checks (`.ci/run` sets `EMITTER_INTERNAL_CHECKS` for its build with
    /// them) has them: the build condition reached the module.
    @Test func aRunThatAsksForInternalChecksHasThem() {
        let asked = ProcessInfo.processInfo.environment["EMITTER_INTERNAL_CHECKS"] != nil
        #expect(!asked || InternalChecks.isEnabled, "EMITTER_INTERNAL_CHECKS is set, but the build has no checks")
    }

    /// The internal check finds a batch that differs from the reference: a stored value changed after
    /// the batch was written makes it trap, naming the value.
    @Test func theInternalCheckTrapsOnABatchThatDiffersFromTheReference() async {
        await #expect(processExitsWith: .failure) {
            let (layer, cell) = makeEmitter { _, cell in
                cell.velocity = 50
                cell.velocityRange = 20
                cell.emissionRange = 2 * .pi
            }
            let params = CellParameters(cell: cell, layer: layer)
            let store = ParticleStore()
            var writer = BirthWriter(store: store, params: params, epoch: 0, endTime: 1)
            writer.reserve(20)
            let buffer = DrawBuffer()
            var random = SeededRandom(seed: 3)
            let draws = buffer.prefetch(
                &random, count: 20 * writer.drawsPerBirth, births: 20, table: writer.longitudeTable(shapeDraws: 0),
                reading: writer.stillBatchDraws)
            for j in 0..<20 { buffer.scratch.time[j] = 1 - Double(j) / 2400 }
            writer.addStillBatch(draws, buffer.scratch, count: 20, from: (0, 0, 0))
            store.columns.vx[19] = store.columns.vx[19].nextUp
            writer.checkStillBatch(draws, count: 20, from: (0, 0, 0), firstSlot: 0) { 1 - Double($0) / 2400 }
        }
    }
}
