import Foundation
import LayerKit

/// The `interaction` section: drag and click targets, checked against the named layers.
extension SceneDecoder {
    /// What a click can do.
    enum ClickActionName: String, CaseIterable { case moveTo, setValue, toggle, reset, burst }

    func decodeInteraction(_ f: Field) -> InteractionDescription? {
        guard let obj = ctx.object(f, "the interaction settings") else { return nil }
        ctx.rejectUnknownKeys(obj, allowed: SceneKeyTables.interaction, in: "the interaction settings")
        var d = InteractionDescription()
        if let v = obj["drag"], let (target, value) = target(v) {
            if case .point = value {
                d.drag = target
            } else {
                ctx.error(
                    v,
                    "dragging moves a point property such as \"position\" or \"emitterPosition\"; \(quoted(target.keyPath)) is a \(value.kind)"
                )
            }
        }
        if let v = obj["click"] { d.click = decodeClick(v) }
        return d
    }

    private func decodeClick(_ f: Field) -> InteractionDescription.ClickAction? {
        guard let obj = ctx.object(f, "a click action") else { return nil }
        ctx.rejectUnknownKeys(obj, allowed: SceneKeyTables.click, in: "a click action")
        guard let af = obj["action"] else {
            ctx.missing("action", in: obj, "\"action\": \"moveTo\" (one of moveTo, setValue, toggle, reset, burst)")
            return nil
        }
        guard let action = ctx.enumeration(af, ClickActionName.self) else { return nil }
        if action != .setValue, let v = obj["value"] { ctx.error(v, "\"value\" goes with \"action\": \"setValue\"") }
        if action != .burst {
            for key in ["emitter", "cell", "count"] {
                if let v = obj[key] { ctx.error(v, "\"\(key)\" goes with \"action\": \"burst\"") }
            }
        } else {
            if let t = obj["target"] {
                ctx.error(t, "\"burst\" names its \"emitter\" and \"cell\" instead of a \"target\"")
            }
            return decodeBurst(obj)
        }
        if action == .reset {
            if let t = obj["target"] { ctx.error(t, "\"reset\" reloads the whole scene and takes no \"target\"") }
            return .reset
        }
        guard let tf = obj["target"] else {
            ctx.missing("target", in: obj, "\"target\": \"fire.emitterPosition\"")
            return nil
        }
        guard let (target, current) = target(tf) else { return nil }
        switch action {
        case .moveTo:
            guard case .point = current else {
                ctx.error(
                    tf,
                    "\"moveTo\" sets a point property such as \"position\"; \(quoted(target.keyPath)) is a \(current.kind)"
                )
                return nil
            }
            return .moveTo(target)
        case .toggle:
            guard case .bool = current else {
                ctx.error(
                    tf,
                    "\"toggle\" flips a Boolean property such as \"isHidden\"; \(quoted(target.keyPath)) is a \(current.kind)"
                )
                return nil
            }
            return .toggle(target)
        case .setValue:
            guard let vf = obj["value"] else {
                ctx.missing("value", in: obj, "\"value\": 0")
                return nil
            }
            guard let layer = ctx.namedLayers[target.layerName]?.layer,
                let info = propertyInfo(for: target.keyPath, on: layer, current: current),
                let value = ctx.propertyValue(vf, info)?.value
            else { return nil }
            let probe = type(of: layer).makeLayer(copying: nil)
            do {
                if let emitter = probe as? CAEmitterLayer, let source = layer as? CAEmitterLayer {
                    emitter.emitterCells = source.emitterCells?.map { $0.presentationCopy() }
                }
                try probe.setLayerValue(value, forKeyPath: target.keyPath)
            } catch let e as KeyPathError {
                if case .invalidValue(_, let m) = e { ctx.error(vf, m) } else { ctx.error(vf, e.description) }
                return nil
            } catch {
                ctx.error(vf, "\(error)")
                return nil
            }
            return .setValue(target, value)
        case .reset, .burst:
            return nil
        }
    }

    /// `{"action": "burst", "emitter": "fireworks", "cell": "rocket", "count": 1}`.
    private func decodeBurst(_ obj: ObjectReader) -> InteractionDescription.ClickAction? {
        guard let ef = obj["emitter"] else {
            ctx.missing("emitter", in: obj, "\"emitter\": \"fireworks\"")
            return nil
        }
        guard let cf = obj["cell"] else {
            ctx.missing("cell", in: obj, "\"cell\": \"spark\"")
            return nil
        }
        guard let nf = obj["count"] else {
            ctx.missing("count", in: obj, "\"count\": 100")
            return nil
        }
        guard let emitterName = ctx.string(ef, nonEmpty: true), let cellPath = ctx.string(cf, nonEmpty: true),
            let count = ctx.number(nf, .nonNegative)
        else { return nil }
        guard count == count.rounded(), count <= 100_000 else {
            ctx.error(nf, "expected a whole number of particles in 0…100000, got \(count)")
            return nil
        }
        guard let layer = ctx.namedLayers[emitterName]?.layer else {
            ctx.error(ef, "no layer is named \(quoted(emitterName))")
            return nil
        }
        guard let emitter = layer as? CAEmitterLayer else {
            ctx.error(ef, "\(quoted(emitterName)) is not an emitter layer")
            return nil
        }
        guard emitter.cell(atNamePath: cellPath) != nil else {
            let names = emitter.allCells.compactMap(\.name)
            ctx.error(
                cf,
                "emitter \(quoted(emitterName)) has no cell \(quoted(cellPath))"
                    + (names.isEmpty ? "" : " (its cells: \(names.joined(separator: ", ")))"))
            return nil
        }
        return .burst(emitter: emitterName, cell: cellPath, count: Int(count))
    }

    /// `"layer.keyPath"` resolved against the named layers, with the property's current value.
    private func target(_ f: Field) -> (InteractionDescription.Target, LayerValue)? {
        guard let s = ctx.string(f, nonEmpty: true) else { return nil }
        guard let dot = s.firstIndex(of: "."), dot != s.startIndex, s.index(after: dot) != s.endIndex else {
            ctx.error(f, "expected \"layerName.keyPath\", such as \"fire.emitterPosition\", got \(quoted(s))")
            return nil
        }
        let name = String(s[..<dot])
        let keyPath = String(s[s.index(after: dot)...])
        guard let layer = ctx.namedLayers[name]?.layer else {
            let best =
                closeMatches(for: name, in: ctx.namedLayers.keys.sorted()).first.map { "; did you mean \(quoted($0))?" }
                ?? ""
            ctx.error(f, "no layer named \(quoted(name))\(best)")
            return nil
        }
        guard let value = try? layer.layerValue(forKeyPath: keyPath) else {
            let last = keyPath.split(separator: ".").last.map(String.init) ?? keyPath
            let best = closeMatches(for: last, in: layer.allKeys).first.map { "; did you mean \(quoted($0))?" } ?? ""
            ctx.error(
                f,
                "\(SceneDecoder.noun(of: layer).capitalizedFirst) \(quoted(name)) has no key path \(quoted(keyPath))\(best)"
            )
            return nil
        }
        return (InteractionDescription.Target(layerName: name, keyPath: keyPath), value)
    }

    /// How a value for `keyPath` is read (its kind from the current value or the key tables).
    private func propertyInfo(for keyPath: String, on layer: CALayer, current: LayerValue) -> PropertyInfo? {
        let last = keyPath.split(separator: ".").last.map(String.init) ?? keyPath
        if keyPath.hasPrefix("emitterCells.") { return PropertyCatalog.cellProperties[last] }
        if let kind = SceneDecoder.kind(of: layer), let info = PropertyCatalog.layerProperties[kind]?[keyPath] {
            return info
        }
        let kind: PropertyKind
        switch current {
        case .point: kind = .point
        case .size: kind = .size
        case .bool: kind = .bool
        default: kind = .number
        }
        return PropertyInfo(
            key: keyPath, canonicalKey: keyPath, kind: kind, isOptional: false, isEnumeration: false, isInteger: false,
            isAngle: keyPath.hasPrefix("transform.rotation"), acceptsInfinity: false, zKey: nil, rule: nil,
            defaultValue: current, animatable: false)
    }
}

extension String {
    /// The string with its first letter in upper case ("an emitter layer" → "An emitter layer").
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
