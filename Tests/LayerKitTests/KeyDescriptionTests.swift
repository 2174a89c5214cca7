import Foundation
import Testing

@testable import LayerKit

/// The key tables are made from one description per property (`KeyDescription`): a key, the property's
/// key path, and traits. These tests check that every description is the property it names, and that the
/// traits the scene format used to keep in lists of its own (angles, infinity, enumerations, aliases) are
/// the ones the descriptions carry.
struct KeyDescriptionTests {
    /// Every class with a key table.
    static let classes: [(name: String, make: () -> AnyObject, keys: [String: LayerKeyAccessor])] =
        [
            CALayer.self, CAEmitterLayer.self, CAGradientLayer.self, CAReplicatorLayer.self, CAShapeLayer.self,
            CATextLayer.self, CAScrollLayer.self, CATransformLayer.self, CATiledLayer.self,
        ].map { cls in ("\(cls)", { cls.makeLayer(copying: nil) }, cls.keyAccessors) }
        + [("CAEmitterCell", { Self.cellWithTrail() }, CAEmitterCell.keyAccessors)]

    /// A cell with a trail, so that the trail's keys (`trail.width`) can be written.
    static func cellWithTrail() -> CAEmitterCell {
        let cell = CAEmitterCell()
        cell.trail = try? ParticleTrail(duration: 1, length: 50)
        return cell
    }

    /// The stored fields of a layer or cell by name (`bounds`, `timing.beginTime`, `extensions.rotation`,
    /// `trail.width`),
    /// each described as text, read with reflection from the state structs the properties store into.
    static func storedFields(of object: AnyObject) -> [String: String] {
        var fields: [String: String] = [:]
        func add(_ value: Any, prefix: String) {
            for child in Mirror(reflecting: value).children {
                guard let label = child.label else { continue }
                if ["timing", "extensions", "effects"].contains(label) {
                    add(child.value, prefix: label + ".")
                } else if label == "trail", let trail = Mirror(reflecting: child.value).children.first {
                    add(trail.value, prefix: "trail.")
                } else {
                    fields[prefix + label] = String(describing: child.value)
                }
            }
        }
        if let cell = object as? CAEmitterCell { add(cell.state, prefix: "") }
        if let layer = object as? CALayer {
            add(layer.state, prefix: "")
            // A subclass keeps its own fields in `own`.
            for child in Mirror(reflecting: layer).children where child.label == "own" { add(child.value, prefix: "") }
        }
        return fields
    }

    /// Values of the same kind as `current` to try, in order, until the setter takes one that differs.
    static func candidates(for current: LayerValue, accessor: LayerKeyAccessor) throws -> [LayerValue] {
        if let values = accessor.enumerationValues { return values.map { .string($0) } }
        switch current {
        case .number(let v): return [v + 1, v - 1, 2, 0.5].map { .number($0) }
        case .bool(let b): return [.bool(!b)]
        case .point(let p): return [.point(CGPoint(x: p.x + 1, y: p.y + 2))]
        case .size(let s): return [.size(CGSize(width: s.width + 1, height: s.height + 2))]
        case .rect(let r): return [.rect(CGRect(x: r.minX + 1, y: r.minY + 2, width: r.width + 3, height: 4))]
        case .transform(let t): return [.transform(CATransform3DConcat(t, CATransform3DMakeTranslation(1, 2, 3)))]
        case .color: return [.color(CGColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 1))]
        case .string(let s): return [.string(s + "x")]
        default:
            // nil now: one value of every kind; the setter refuses the others.
            return [
                .number(1), .string("named"), .color(CGColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 1)),
                .colors([CGColor(red: 1, green: 0, blue: 0, alpha: 1)]), .numbers([0.5, 1]),
                // Curves over life as key-value coding holds them: a value curve, then a colour curve.
                .numbers([0, 0, 1, 1, 0]), .numbers([0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0]),
                // A flipbook: [columns, rows, frameCount, framesPerSecond, overLife, loop, randomStartFrame].
                .numbers([2, 2, 4, 30, 0, 1, 0]),
                .path(CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4))),
                .image(try CGImage(width: 1, height: 1, premultipliedPixels: [0, 0, 0, 255])),
            ]
        }
    }

    @Test func everyKeyWritesTheStoredFieldOfItsNameAndNoOther() throws {
        var checked = 0
        for (name, make, keys) in Self.classes {
            for (key, accessor) in keys.sorted(by: { $0.key < $1.key }) {
                let object = make()
                let before = Self.storedFields(of: object)
                let current = accessor.getter(object)
                let written = try Self.candidates(for: current, accessor: accessor).first { value in
                    (try? accessor.setter(object, value, key)) != nil && accessor.getter(object) != current
                }
                try #require(written != nil, "\(name).\(key): no value of the kind of \(current) was taken")
                let after = Self.storedFields(of: object)
                let changed = after.keys.filter { after[$0] != before[$0] }.sorted()
                // The trail's values keep their full path: `trail.width` is the field `width` of `trail`.
                let field = changed.first.map {
                    $0.hasPrefix("trail.") ? $0 : $0.split(separator: ".").last.map(String.init) ?? $0
                }
                #expect(
                    changed.count == 1 && field == accessor.key,
                    "\(name).\(key) (property \(accessor.key)) changed the stored fields \(changed)")
                checked += 1
            }
        }
        #expect(checked > 200, "keys checked: \(checked)")
    }

    @Test func aliasesAreCoreAnimationsObjectiveCGetterNames() {
        let layerAliases = [
            "geometryFlipped": "isGeometryFlipped", "hidden": "isHidden", "opaque": "isOpaque",
            "doubleSided": "isDoubleSided",
        ]
        for (name, _, keys) in Self.classes {
            var expected = name == "CAEmitterCell" ? ["enabled": "isEnabled"] : layerAliases
            if name == "CATextLayer" { expected["wrapped"] = "isWrapped" }
            let aliases = keys.filter { $0.key != $0.value.key }.mapValues(\.key)
            #expect(aliases == expected, "\(name): \(aliases.sorted { $0.key < $1.key })")
        }
    }

    /// The lists the scene format kept by hand before the descriptions carried these traits.
    @Test func traitsAreTheOnesTheSceneFormatListed() {
        let cell = CAEmitterCell.keyAccessors
        #expect(
            Set(cell.filter(\.value.isAngle).keys)
                == ["emissionLatitude", "emissionLongitude", "emissionRange", "spin", "spinRange"])
        for (name, _, keys) in Self.classes {
            let infinite = Set(keys.filter { $0.value.rule == .nonNegativeOrInfinity }.keys)
            #expect(infinite == ["duration", "repeatCount", "repeatDuration"], "\(name): \(infinite.sorted())")
            let angles = Set(keys.filter(\.value.isAngle).keys)
            #expect(name == "CAEmitterCell" || angles.isEmpty, "\(name) has angle keys \(angles.sorted())")
        }
        let shape = CAEmitterLayer.keyAccessors["emitterShape"]?.enumerationValues
        #expect(shape == CAEmitterLayerEmitterShape.allCases.map(\.rawValue), "emitterShape: \(shape ?? [])")
        #expect(CALayer.keyAccessors["opacity"]?.enumerationValues == nil)
    }

    @Test func rulesAreEnforcedWithTheMessagesOfTheSetters() throws {
        let cell = CAEmitterCell()
        let birthRate = try #require(CAEmitterCell.keyAccessors["birthRate"])
        #expect(birthRate.rule == .nonNegative)
        #expect(throws: KeyPathError.invalidValue(path: "birthRate", message: "expected a number ≥ 0, got -1.0")) {
            try birthRate.setter(cell, .number(-1), "birthRate")
        }
        let scale = try #require(CALayer.keyAccessors["contentsScale"])
        #expect(throws: KeyPathError.invalidValue(path: "contentsScale", message: "expected a number > 0, got 0.0")) {
            try scale.setter(CALayer(), .number(0), "contentsScale")
        }
        let repeatCount = try #require(CALayer.keyAccessors["repeatCount"])
        let layer = CALayer()
        try repeatCount.setter(layer, .number(.infinity), "repeatCount")
        #expect(layer.repeatCount == .infinity)
        let instances = try #require(CAReplicatorLayer.keyAccessors["instanceCount"])
        #expect(throws: KeyPathError.self) { try instances.setter(CAReplicatorLayer(), .number(-2), "instanceCount") }
    }

    @Test func timingFieldsAreOneMediaTimingValue() {
        let layer = CALayer()
        layer.beginTime = 2
        layer.duration = 3
        layer.speed = 0.5
        layer.timeOffset = 1
        layer.repeatCount = 4
        layer.autoreverses = true
        layer.fillMode = .both
        var expected = MediaTimingValues()
        expected.beginTime = 2
        expected.duration = 3
        expected.speed = 0.5
        expected.timeOffset = 1
        expected.repeatCount = 4
        expected.autoreverses = true
        expected.fillMode = .both
        #expect(layer.mediaTiming == expected && layer.state.timing == expected)
        let cell = CAEmitterCell()
        cell.repeatDuration = 5
        cell.fillMode = .forwards
        #expect(cell.state.timing.repeatDuration == 5 && cell.state.timing.fillMode == .forwards)
    }

    /// A constant kept as its raw string (as iOS declares `CAEmitterCell.minificationFilter`) is still an
    /// enumeration: only the constant's raw values are taken.
    @Test func aStringPropertyOfAConstantTakesOnlyItsRawValues() throws {
        final class Holder {
            var filter = CALayerContentsFilter.linear.rawValue
        }
        let description = KeyDescription<Holder>("filter", \.filter, constants: CALayerContentsFilter.self)
        let holder = Holder()
        #expect(description.enumerationValues == CALayerContentsFilter.allCases.map(\.rawValue))
        try description.set(holder, .string("nearest"), "filter")
        #expect(holder.filter == "nearest" && description.get(holder) == .string("nearest"))
        #expect(throws: KeyPathError.self) { try description.set(holder, .string("blurry"), "filter") }
        #expect(holder.filter == "nearest", "a refused value changes nothing")
    }
}
