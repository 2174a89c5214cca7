import Foundation
import LayerKit

/// A layer's `animations`: Core Animation's animation classes with their property names. Values are
/// read in the kind of the animated key path, which must name an animatable property of the layer.
extension SceneDecoder {
    /// Adds every animation of the object to `animations`, keyed as in the file.
    func decodeAnimations(_ f: Field, layer: CALayer) {
        guard let obj = ctx.object(f, "animations by key, such as {\"spin\": {\"type\": \"basic\", …}}") else { return }
        for (key, af) in obj.fields {
            if key.isEmpty {
                ctx.error(
                    af, "an animation key must not be empty; it names the animation (for removing or replacing it)")
            }
            if let a = decodeAnimation(af, layer: layer) {
                animations.append(Scene.LayerAnimation(layer: layer, key: key, animation: a))
            }
        }
    }

    /// The keys each kind of animation accepts.
    static func animationKeys(_ kind: AnimationDescription.Kind) -> [String] {
        let t = SceneKeyTables.self
        switch kind {
        case .basic: return t.animationCommon + t.animationProperty + t.animationBasic
        case .keyframe: return t.animationCommon + t.animationProperty + t.animationKeyframe
        case .spring: return t.animationCommon + t.animationProperty + t.animationBasic + t.animationSpring
        case .group: return t.animationCommon + t.animationGroup
        case .transition: return t.animationCommon + t.animationTransition
        }
    }

    private func decodeAnimation(_ f: Field, layer: CALayer) -> AnimationDescription? {
        guard let obj = ctx.object(f, "an animation") else { return nil }
        guard let tf = obj["type"] else {
            ctx.missing("type", in: obj, "\"type\": \"basic\" (one of basic, keyframe, spring, group, transition)")
            return nil
        }
        guard let kind = ctx.enumeration(tf, AnimationDescription.Kind.self) else { return nil }
        let allowed = Set(SceneDecoder.animationKeys(kind))
        for (key, mf) in obj.fields where !allowed.contains(key) {
            let owners = AnimationDescription.Kind.allCases.filter { SceneDecoder.animationKeys($0).contains(key) }
            if owners.isEmpty {
                ctx.error(
                    mf,
                    ctx.unknownKeyMessage(key, candidates: Set(SceneKeyTables.animation), in: "an animation", hint: nil)
                )
            } else {
                ctx.error(
                    mf,
                    "\(quoted(key)) does not apply to a \(kind.rawValue) animation; it belongs to "
                        + owners.map { "\"type\": \(quoted($0.rawValue))" }.joined(separator: " or "))
            }
        }

        var a = AnimationDescription(kind: kind)
        decodeTiming(obj, into: &a)
        switch kind {
        case .basic, .spring, .keyframe:
            decodeAliasedBool(obj, "isAdditive", "additive") { a.isAdditive = $0 }
            decodeAliasedBool(obj, "isCumulative", "cumulative") { a.isCumulative = $0 }
            guard let kf = obj["keyPath"] else {
                ctx.missing("keyPath", in: obj, "\"keyPath\": \"position\"")
                return a
            }
            guard let (keyPath, info) = animatedProperty(kf, layer: layer) else { return a }
            a.keyPath = keyPath
            if kind == .keyframe {
                decodeKeyframes(obj, info: info, into: &a)
            } else {
                decodeBasic(obj, info: info, into: &a)
                if kind == .spring { decodeSpring(obj, into: &a) }
            }
        case .group:
            guard let gf = obj["animations"] else {
                ctx.missing("animations", in: obj, "\"animations\": [{\"type\": \"basic\", …}]")
                return a
            }
            guard let elements = ctx.array(gf, "a list of animations") else { return a }
            if elements.isEmpty { ctx.error(gf, "a group needs at least one animation") }
            a.animations = elements.compactMap { decodeAnimation($0, layer: layer) }
        case .transition:
            if let v = obj["transitionType"], let t = ctx.enumeration(v, AnimationDescription.TransitionType.self) {
                a.transitionType = t
            }
            if let v = obj["subtype"], let s = ctx.enumeration(v, AnimationDescription.TransitionSubtype.self) {
                a.subtype = s
            }
            if let v = obj["startProgress"], let p = ctx.number(v, .unit) { a.startProgress = p }
            if let v = obj["endProgress"], let p = ctx.number(v, .unit) { a.endProgress = p }
            if a.startProgress > a.endProgress, let v = obj["endProgress"] ?? obj["startProgress"] {
                ctx.error(
                    v,
                    "\"startProgress\" (\(formatNumber(a.startProgress))) must not exceed \"endProgress\" (\(formatNumber(a.endProgress)))"
                )
            }
        }
        return a
    }

    // MARK: - Key path

    /// The key path and how its values are read, or nil after reporting an unknown or non-animatable path.
    private func animatedProperty(_ f: Field, layer: CALayer) -> (String, PropertyInfo)? {
        guard let keyPath = ctx.string(f, nonEmpty: true) else { return nil }
        let current: LayerValue
        do {
            current = try layer.layerValue(forKeyPath: keyPath)
        } catch let e as KeyPathError {
            switch e {
            case .unknownCell(_, let name):
                let names = (layer as? CAEmitterLayer)?.allCells.compactMap(\.name) ?? []
                let best = closeMatches(for: name, in: names).first.map { "; did you mean \(quoted($0))?" } ?? ""
                ctx.error(f, "no emitter cell named \(quoted(name)) for the key path \(quoted(keyPath))\(best)")
            default:
                let last = keyPath.split(separator: ".").last.map(String.init) ?? keyPath
                let candidates =
                    keyPath.hasPrefix("emitterCells.") ? Array(PropertyCatalog.cellProperties.keys) : layer.allKeys
                let best = closeMatches(for: last, in: candidates).first.map { "; did you mean \(quoted($0))?" } ?? ""
                ctx.error(f, "unknown key path \(quoted(keyPath)) for \(SceneDecoder.noun(of: layer))\(best)")
            }
            return nil
        } catch {
            ctx.error(f, "\(error)")
            return nil
        }
        guard layer.isAnimatable(keyPath: keyPath) else {
            ctx.error(f, "\(quoted(keyPath)) is not animatable; set it directly on the layer instead")
            return nil
        }
        let last = keyPath.split(separator: ".").last.map(String.init) ?? keyPath
        let isCellPath = keyPath.hasPrefix("emitterCells.")
        let kind: PropertyKind
        switch current {
        case .none:
            let base =
                isCellPath
                ? PropertyCatalog.cellProperties[last]
                : SceneDecoder.kind(of: layer).flatMap { PropertyCatalog.layerProperties[$0]?[keyPath] }
            kind = base?.kind ?? .number
        case .number: kind = .number
        case .bool: kind = .bool
        case .point: kind = .point
        case .size: kind = .size
        case .rect: kind = .rect
        case .transform: kind = .transform
        case .color: kind = .color
        case .colors: kind = .colors
        case .numbers: kind = .numbers
        case .image: kind = .image
        case .path: kind = .path
        case .string: kind = .string
        }
        let isAngle =
            keyPath.hasPrefix("transform.rotation") || keyPath.hasPrefix("sublayerTransform.rotation")
            || (isCellPath && PropertyCatalog.cellAngleKeys.contains(last))
        let info = PropertyInfo(
            key: keyPath, canonicalKey: keyPath, kind: kind, isOptional: false, isEnumeration: false,
            isInteger: false, isAngle: isAngle, acceptsInfinity: false, zKey: nil, rule: nil,
            defaultValue: current, animatable: true)
        return (keyPath, info)
    }

    static func kind(of layer: CALayer) -> LayerKind? {
        LayerKind.allCases.first { ObjectIdentifier($0.layerClass) == ObjectIdentifier(type(of: layer)) }
    }

    static func noun(of layer: CALayer) -> String { kind(of: layer)?.noun ?? "this layer" }

    // MARK: - Values

    private func decodeBasic(_ obj: ObjectReader, info: PropertyInfo, into a: inout AnimationDescription) {
        a.fromValue = obj["fromValue"].flatMap { ctx.propertyValue($0, info)?.value }
        a.toValue = obj["toValue"].flatMap { ctx.propertyValue($0, info)?.value }
        a.byValue = obj["byValue"].flatMap { ctx.propertyValue($0, info)?.value }
        let given = ["fromValue", "toValue", "byValue"].filter { obj.has($0) }
        if given.isEmpty {
            ctx.error(
                obj.field,
                "a \(a.kind.rawValue) animation needs \"toValue\" or \"byValue\" (and optionally \"fromValue\")")
        } else if given.count == 3, let by = obj["byValue"] {
            ctx.error(
                by,
                "give at most two of \"fromValue\", \"toValue\" and \"byValue\"; with all three the end value is ambiguous"
            )
        }
    }

    private func decodeSpring(_ obj: ObjectReader, into a: inout AnimationDescription) {
        if let v = obj["mass"], let x = ctx.number(v, .positive) { a.mass = x }
        if let v = obj["stiffness"], let x = ctx.number(v, .positive) { a.stiffness = x }
        if let v = obj["damping"], let x = ctx.number(v, .nonNegative) { a.damping = x }
        if let v = obj["initialVelocity"], let x = ctx.number(v) { a.initialVelocity = x }
    }

    private func decodeKeyframes(_ obj: ObjectReader, info: PropertyInfo, into a: inout AnimationDescription) {
        if let v = obj["calculationMode"], let m = ctx.enumeration(v, AnimationDescription.CalculationMode.self) {
            a.calculationMode = m
        }
        if let pf = obj["path"] {
            if info.kind != .point {
                ctx.error(
                    pf,
                    "\"path\" moves a point property such as \"position\"; \(quoted(info.key)) is a \(info.kind.rawValue)"
                )
            } else if obj.has("values") {
                ctx.error(pf, "give either \"values\" or \"path\", not both")
            } else {
                a.path = ctx.path(pf)
            }
        } else if let vf = obj["values"] {
            if let elements = ctx.array(vf, "a list of values") {
                if elements.isEmpty { ctx.error(vf, "a keyframe animation needs at least one value") }
                var values: [LayerValue] = []
                var ok = true
                for e in elements {
                    if let v = ctx.propertyValue(e, info)?.value { values.append(v) } else { ok = false }
                }
                if ok { a.values = values }
            }
        } else {
            ctx.error(obj.field, "a keyframe animation needs \"values\" or \"path\"")
        }
        if let rf = obj["rotationMode"] {
            if !obj.has("path") {
                ctx.error(rf, "\"rotationMode\" turns the layer along a \"path\"; it has no effect with \"values\"")
            }
            a.rotationMode = ctx.enumeration(rf, AnimationDescription.RotationMode.self)
        }
        let valueCount = obj["values"]?.elements?.count
        if let kf = obj["keyTimes"], let times = ctx.numbers(kf, counts: [], what: "a list of key times", rule: .unit) {
            if let bad = firstDecrease(times), let elements = kf.elements {
                ctx.error(
                    elements[bad + 1],
                    "key times must not decrease, got \(formatNumber(times[bad + 1])) after \(formatNumber(times[bad]))"
                )
            } else if let n = valueCount, times.count != n {
                ctx.error(
                    kf, "\"keyTimes\" has \(times.count) entries but \"values\" has \(n); give one key time per value")
            } else {
                a.keyTimes = times
            }
        }
        if let tf = obj["timingFunctions"], let elements = ctx.array(tf, "a list of timing functions") {
            let functions = elements.compactMap { timingFunction($0) }
            if functions.count == elements.count {
                if let n = valueCount, n > 0, functions.count != n - 1 {
                    ctx.error(
                        tf,
                        "\"timingFunctions\" has \(functions.count) entries but \(n) values make \(n - 1) segment\(n - 1 == 1 ? "" : "s"); give one per segment"
                    )
                } else {
                    a.timingFunctions = functions
                }
            }
        }
        for key in ["tensionValues", "continuityValues", "biasValues"] {
            guard let vf = obj[key], let list = ctx.numbers(vf, counts: [], what: "a list of numbers") else { continue }
            if a.calculationMode != .cubic, a.calculationMode != .cubicPaced {
                ctx.error(
                    vf,
                    "\(quoted(key)) shape the curve of \"calculationMode\": \"cubic\" or \"cubicPaced\"; it has no effect with \(quoted(a.calculationMode.rawValue))"
                )
                continue
            }
            if let n = valueCount, list.count != n {
                ctx.error(vf, "\(quoted(key)) has \(list.count) entries but \"values\" has \(n); give one per value")
                continue
            }
            switch key {
            case "tensionValues": a.tensionValues = list
            case "continuityValues": a.continuityValues = list
            default: a.biasValues = list
            }
        }
    }

    // MARK: - Timing

    private func decodeTiming(_ obj: ObjectReader, into a: inout AnimationDescription) {
        if let v = obj["beginTime"], let x = ctx.number(v) { a.timing.beginTime = x }
        if let v = obj["duration"], let x = ctx.number(v, .nonNegative, infinity: true) { a.timing.duration = x }
        if let v = obj["speed"], let x = ctx.number(v) { a.timing.speed = Float(x) }
        if let v = obj["timeOffset"], let x = ctx.number(v) { a.timing.timeOffset = x }
        if let v = obj["repeatCount"], let x = ctx.number(v, .nonNegative, infinity: true) {
            a.timing.repeatCount = Float(x)
        }
        if let v = obj["repeatDuration"], let x = ctx.number(v, .nonNegative, infinity: true) {
            a.timing.repeatDuration = x
        }
        if let v = obj["autoreverses"], let x = ctx.bool(v) { a.timing.autoreverses = x }
        if let v = obj["fillMode"], let x = ctx.constant(v, CAMediaTimingFillMode.self) { a.timing.fillMode = x }
        if a.timing.repeatCount != 0, a.timing.repeatDuration != 0, let v = obj["repeatDuration"] {
            ctx.error(
                v,
                "give \"repeatCount\" or \"repeatDuration\", not both (Core Animation leaves the combination undefined)"
            )
        }
        if let v = obj["timingFunction"], let t = timingFunction(v) { a.timingFunction = t }
        decodeAliasedBool(obj, "isRemovedOnCompletion", "removedOnCompletion") { a.isRemovedOnCompletion = $0 }
    }

    /// A named timing function or `[x1, y1, x2, y2]` control points.
    private func timingFunction(_ f: Field) -> TimingFunctionDescription? {
        if case .array = f.node.value {
            guard let v = ctx.numbers(f, counts: [4], what: "control points [x1, y1, x2, y2]") else { return nil }
            for (k, e) in (f.elements ?? []).enumerated() where k % 2 == 0 && !(0...1).contains(v[k]) {
                ctx.error(e, "the control points' x coordinates are in 0…1, got \(e.node.summary)")
                return nil
            }
            return .controlPoints(v[0], v[1], v[2], v[3])
        }
        return ctx.enumeration(f, TimingFunctionDescription.Name.self).map { .named($0) }
    }

    /// Reads a Boolean written under its Swift name or its Objective-C alias (not both).
    private func decodeAliasedBool(_ obj: ObjectReader, _ swiftName: String, _ alias: String, _ set: (Bool) -> Void) {
        if obj.has(swiftName), let af = obj[alias] {
            ctx.error(af, "\(quoted(alias)) and \(quoted(swiftName)) are the same property; keep one")
            return
        }
        if let v = obj[swiftName] ?? obj[alias], let b = ctx.bool(v) { set(b) }
    }
}

extension DecodingContext {
    /// One of a LayerKit string constant's values; the message lists them.
    func constant<T: StringConstant>(_ f: Field, _ type: T.Type) -> T? {
        oneOf(f, T.allCases.map(\.rawValue)).flatMap { T.known($0) }
    }
}
