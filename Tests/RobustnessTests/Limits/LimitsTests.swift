import EmitterKit
import Foundation
import Testing

@testable import Compositor

/// The limits of docs/Limits.md hold exactly at their values: the value itself is accepted, one more
/// is an error (load time) or a counted drop (run time).
@Suite struct LimitsTests {
    @Test func nestedReplicatorsMayMakeExactlyTheLimitOfCopies() {
        let atLimit = LimitTriggers.scene(
            "{\"type\": \"replicator\", \"instanceCount\": 1000, \"sublayers\": [{\"type\": \"replicator\", \"instanceCount\": 100, \"sublayers\": [{}]}]}"
        )
        #expect(LimitTriggers.loadErrors(atLimit).isEmpty, "1000 × 100 = 100000 copies load")
        let over = LimitTriggers.loadErrors(
            LimitTriggers.scene(
                "{\"type\": \"replicator\", \"instanceCount\": 10000, \"sublayers\": [{\"type\": \"replicator\", \"instanceCount\": 10000, \"sublayers\": [{\"type\": \"replicator\", \"instanceCount\": 10000}]}]}"
            ))
        #expect(
            over.count == 1, "one error for the first replicator over the product, none for those inside it: \(over)")
        #expect(
            over.first?.contains("1 × 10000") == false && over.first?.contains("10000 × 10000 = 100000000") == true,
            "\(over)")
    }

    @Test func theCompositorDrawsAtMostTheProductLimitForTreesBuiltInCode() {
        let text = LimitTriggers.compositorDiagnostics(outer: 1000, inner: 1000)
        #expect(
            text.contains("only 100 of its 1000 instances are drawn"),
            "1000 × 1000 copies are capped at 100000: \(text)")
    }

    @Test func subCellsMayNestExactlyThirtyTwoLevels() {
        #expect(LimitTriggers.loadErrors(LimitTriggers.scene(LimitTriggers.cellChain(depth: 32, rate: 1))).isEmpty)
        let over = LimitTriggers.loadErrors(LimitTriggers.scene(LimitTriggers.cellChain(depth: 33, rate: 1)))
        #expect(over.count == 1 && over[0].contains("more than 32 levels"), "\(over)")
    }

    @Test func birthRatesMayMultiplyToExactlyTheLimit() {
        #expect(
            LimitTriggers.loadErrors(LimitTriggers.scene(LimitTriggers.cellChain(depth: 2, rate: 10_000))).isEmpty,
            "10⁴ × 10⁴ = 10⁸")
        let over = LimitTriggers.loadErrors(LimitTriggers.scene(LimitTriggers.cellChain(depth: 4, rate: 1000)))
        #expect(
            over.count == 1 && over[0].contains("c1 → c2 → c3 multiply to 1000000000"),
            "reported once, at the first cell over: \(over)")
        let scaled = LimitTriggers.loadErrors(
            LimitTriggers.scene(LimitTriggers.cellChain(depth: 2, rate: 10_000), extra: "").replacingOccurrences(
                of: "\"type\": \"emitter\",", with: "\"type\": \"emitter\", \"birthRate\": 2,"))
        #expect(scaled.count == 1, "the layer's birthRate multiplies every level: \(scaled)")
    }

    @Test func aBudgetOverflowIsACountedDropNotGrowth() {
        let layer = CAEmitterLayer()
        layer.maxParticles = 100
        let cell = CAEmitterCell()
        cell.birthRate = 100_000
        cell.lifetime = 10
        layer.emitterCells = [cell]
        let sim = EmitterSimulation(layer: layer)
        for _ in 0..<120 { sim.step(by: 1.0 / 120) }
        #expect(sim.aliveCount == 100, "\(sim.totals)")
        #expect(sim.totals.dropped > 90_000, "\(sim.totals)")
        #expect(sim.storageBytes < 100 * 1024, "storage stays at the budget: \(sim.storageBytes) bytes")
    }

    /// Found while checking the instanceCount limit: drawing copy k cost k matrix products, so a
    /// replicator of 10 000 copies cost 5 × 10⁷ products per frame. The one-pass transforms must be
    /// bit-identical to the per-copy definition.
    @Test func instanceTransformsInOnePassEqualThePerCopyDefinition() {
        let rep = CAReplicatorLayer()
        rep.bounds = CGRect(x: 0, y: 0, width: 200, height: 120)
        rep.instanceTransform = CATransform3DRotate(CATransform3DMakeTranslation(3.7, -1.1, 0.5), 0.3, 0.2, 0.1, 1)
        let all = rep.instanceTransforms(count: 50)
        #expect(all.count == 50)
        for k in [0, 1, 2, 17, 49] {
            #expect(all[k] == rep.transform(ofInstance: k), "copy \(k)")
        }
    }
}
