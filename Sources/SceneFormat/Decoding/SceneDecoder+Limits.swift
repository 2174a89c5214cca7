import Foundation
import LayerKit

/// The running counts and products of one load that the limits check (docs/Limits.md).
struct LimitState {
    /// Layers with a body so far.
    var bodies = 0
    /// The product of the `instanceCount`s of the replicators enclosing the layer being decoded.
    var replicatedInstances = 1
    /// The cells enclosing the cell being decoded, outermost first, with the product of the birth
    /// rates down to each.
    var cellChain: [(name: String, product: Double)] = []
}

/// The scene-wide limits of docs/Limits.md: each is an error naming the place and the fix, reported
/// once, after which the rest of the offending part is skipped (so a huge file costs no more than
/// the limit).
extension SceneDecoder {
    // MARK: - Layers and bodies

    /// Whether the layer list `f` holds at most `maximumLayerCount` layer objects (sublayers and masks
    /// included); otherwise one error and false. Counted before anything is decoded, so refusing a huge
    /// file costs no more than parsing it.
    func checkLayerCount(_ f: Field) -> Bool {
        var count = 0
        var stack: [JSONNode] = [f.node]
        while let node = stack.popLast(), count <= SceneLoader.maximumLayerCount {
            guard case .array(let elements) = node.value else { continue }
            for e in elements {
                guard case .object(let members) = e.value else { continue }
                count += 1
                for m in members where m.key == "sublayers" { stack.append(m.value) }
                for m in members where m.key == "mask" {
                    stack.append(JSONNode(value: .array([m.value]), offset: m.value.offset))
                }
            }
        }
        guard count > SceneLoader.maximumLayerCount else { return true }
        ctx.error(
            f,
            "the scene has more than \(SceneLoader.maximumLayerCount) layers; the limit is \(SceneLoader.maximumLayerCount) (draw many copies with a replicator or many sprites with an emitter)"
        )
        return false
    }

    /// Counts one body; false (after one error) once the scene has more than `maximumBodyCount`.
    func countBody(_ f: Field) -> Bool {
        limits.bodies += 1
        guard limits.bodies > SceneLoader.maximumBodyCount else { return true }
        if limits.bodies == SceneLoader.maximumBodyCount + 1 {
            ctx.error(
                f,
                "the scene has more than \(SceneLoader.maximumBodyCount) physics bodies; the limit is \(SceneLoader.maximumBodyCount) (for many small bodies use an emitter cell with \"physics\": {\"mode\": \"body\"})"
            )
        }
        return false
    }

    /// Reports emitters whose `maxParticles` add up past `maximumTotalParticles`.
    func checkTotalParticles(_ root: CALayer, field: Field) {
        var total = 0
        var emitters = 0
        root.forEachLayer { layer in
            guard let e = layer as? CAEmitterLayer else { return }
            emitters += 1
            total += max(0, min(e.maxParticles, SceneLoader.maximumTotalParticles + 1))
        }
        let limit = SceneLoader.maximumTotalParticles
        guard total > limit else { return }
        ctx.error(
            field,
            "the \(emitters) emitter layers' maxParticles add up to \(total); the limit is \(limit) particles in all (lower maxParticles: each live particle takes up to 48 bytes)"
        )
    }

    // MARK: - Replicators

    /// Multiplies the enclosing replicators' product by `layer`'s instance count (when it is a
    /// replicator) for its sublayers; reports a product over `maximumReplicatedInstances` at `field`.
    /// Returns the previous product, to restore after the sublayers.
    func enterReplicator(_ layer: CALayer, field: Field) -> Int {
        let enclosing = limits.replicatedInstances
        guard let replicator = layer as? CAReplicatorLayer else { return enclosing }
        let count = max(1, replicator.instanceCount)
        let (product, overflow) = enclosing.multipliedReportingOverflow(by: count)
        let limit = SceneLoader.maximumReplicatedInstances
        if overflow || product > limit {
            if enclosing <= limit {
                ctx.error(
                    field,
                    "nested replicators make \(enclosing) × \(count) = \(overflow ? "too many" : String(product)) copies of these sublayers; the limit is \(limit) (lower instanceCount here or in an enclosing replicator)"
                )
            }
            limits.replicatedInstances = limit + 1
        } else {
            limits.replicatedInstances = product
        }
        return enclosing
    }

    // MARK: - Emitter cells

    /// The product of the birth rates down to `cell`, each times the layer's `birthRate`.
    private func birthRateProduct(_ cell: CAEmitterCell, emitter: CAEmitterLayer) -> Double {
        let layerRate = emitter.birthRate.isFinite ? max(0, Double(emitter.birthRate)) : 1
        let rate = cell.birthRate.isFinite ? max(0, Double(cell.birthRate)) : 0
        return (limits.cellChain.last?.product ?? 1) * rate * layerRate
    }

    /// Reports a chain of sub-cells whose birth rates multiply past `maximumBirthRateProduct`.
    func checkBirthRateProduct(_ cell: CAEmitterCell, emitter: CAEmitterLayer, field: Field) {
        guard !limits.cellChain.isEmpty else { return }
        let product = birthRateProduct(cell, emitter: emitter)
        let limit = SceneLoader.maximumBirthRateProduct
        guard product > limit, (limits.cellChain.last?.product ?? 0) <= limit else { return }
        let names = (limits.cellChain.map(\.name) + [cell.name ?? "(unnamed)"]).joined(separator: " → ")
        ctx.error(
            field,
            "the birth rates along \(names) multiply to \(Self.compact(product)) particles per second; the limit is \(Self.compact(limit)) (lower a birthRate in the chain; maxParticles would drop nearly all of them)"
        )
    }

    /// Pushes `cell` on the chain before its sub-cells are decoded; nil (after an error at `field`)
    /// when they would be nested deeper than `maximumCellDepth`. Returns the chain to restore.
    func enterCell(_ cell: CAEmitterCell, emitter: CAEmitterLayer, field: Field) -> [(name: String, product: Double)]? {
        let saved = limits.cellChain
        if saved.count + 2 > SceneLoader.maximumCellDepth {
            ctx.error(
                field,
                "emitter cells are nested more than \(SceneLoader.maximumCellDepth) levels deep; the limit is \(SceneLoader.maximumCellDepth) (deeper cells would never emit: flatten the chain)"
            )
            return nil
        }
        limits.cellChain.append((cell.name ?? "(unnamed)", birthRateProduct(cell, emitter: emitter)))
        return saved
    }

    /// 1e+08 as "100000000", 4e+10 as "4e+10".
    static func compact(_ v: Double) -> String {
        v < 1e15 && v == v.rounded() ? String(Int(v)) : String(format: "%.3g", v)
    }
}
