import Foundation
import Testing

@testable import LayerKit

/// Every animatable key of every layer class, and of emitter cells, animates through the presentation
/// tree and leaves the model alone.
struct AnimationKeyPathTests {
    private static let layerClasses: [CALayer.Type] = [
        CALayer.self, CAEmitterLayer.self, CAGradientLayer.self,
        CAReplicatorLayer.self, CAShapeLayer.self, CATextLayer.self,
        CAScrollLayer.self, CATransformLayer.self,
    ]

    /// A start value (the model's, or a sample for nil properties) and a different end value of its kind.
    private func endpoints(key: String, model: LayerValue) throws -> (LayerValue, LayerValue) {
        let a: LayerValue
        if case .none = model {
            switch key {
            case "contents": a = .image(try CGImage(width: 1, height: 1, premultipliedPixels: [0, 0, 0, 255]))
            case "shadowPath", "path": a = .path(CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)))
            case "colors": a = .colors([UIColor.red.cgColor, UIColor.blue.cgColor])
            case "locations": a = .numbers([0, 1])
            default: a = .color(UIColor.red.cgColor)
            }
        } else {
            a = model
        }
        // A probability only takes values in 0…1.
        if key == "burstProbability" { return (.number(0.2), .number(0.8)) }
        switch a {
        case .number(let v): return (a, .number(v + 2))
        case .bool(let b): return (a, .bool(!b))
        case .point(let p): return (a, .point(CGPoint(x: p.x + 10, y: p.y + 20)))
        case .size(let s): return (a, .size(CGSize(width: s.width + 10, height: s.height + 20)))
        case .rect(let r):
            return (a, .rect(CGRect(x: r.minX + 1, y: r.minY + 2, width: r.width + 3, height: r.height + 4)))
        case .transform(let t): return (a, .transform(CATransform3DConcat(t, CATransform3DMakeTranslation(10, 20, 0))))
        case .color: return (a, .color(UIColor.green.cgColor))
        case .colors: return (a, .colors([UIColor.blue.cgColor, UIColor.green.cgColor]))
        case .numbers: return (a, .numbers([0.5, 1]))
        case .image: return (a, .image(try CGImage(width: 1, height: 1, premultipliedPixels: [255, 255, 255, 255])))
        case .path: return (a, .path(CGPath(rect: CGRect(x: 10, y: 10, width: 30, height: 30))))
        default: throw AnimationError.missingKeyPath(animation: "no sample end value for \(key) of kind \(a.kind)")
        }
    }

    private func agree(_ x: LayerValue?, _ y: LayerValue) -> Bool {
        guard let x else { return false }
        if let a = x.components, let b = y.components, a.count == b.count {
            return zip(a, b).allSatisfy { abs($0 - $1) < 1e-5 }
        }
        return x == y
    }

    @Test func everyAnimatableLayerKeyAnimates() throws {
        try withVirtualTime { _ in
            var checked = 0
            for cls in Self.layerClasses {
                for key in cls.keyAccessors.keys.sorted() where cls.keyAccessors[key]?.animatable == true {
                    let layer = cls.makeLayer(copying: nil)
                    let model = try #require(try? layer.layerValue(forKeyPath: key), "\(cls).\(key)")
                    let (a, b) = try endpoints(key: key, model: model)
                    let anim = CABasicAnimation(keyPath: key)
                    anim.fromValue = a
                    anim.toValue = b
                    anim.duration = 1
                    try layer.addAnimation(anim, forKey: key)
                    let time = LayerValue.canInterpolate(a, b) ? 0.5 : 0.75
                    let shown = try? layer.makePresentationTree(atTime: time).layerValue(forKeyPath: key)
                    let expected = LayerValue.interpolate(a, b, time)
                    #expect(
                        agree(shown, expected),
                        "\(cls).\(key) at \(time): \(String(describing: shown)), expected \(expected)")
                    #expect((try? layer.layerValue(forKeyPath: key)) == model, "\(cls).\(key): model unchanged")
                    checked += 1
                }
            }
            #expect(checked >= 60, "keys checked: \(checked)")
        }
    }

    @Test func everyAnimatableEmitterCellKeyAnimatesThroughItsKeyPath() throws {
        try withVirtualTime { _ in
            var checked = 0
            for key in CAEmitterCell.keyAccessors.keys.sorted()
            where CAEmitterCell.keyAccessors[key]?.animatable == true {
                let layer = CAEmitterLayer()
                let fire = CAEmitterCell()
                fire.name = "fire"
                let spark = CAEmitterCell()
                spark.name = "spark"
                // The trail's keys (`trail.width`) exist once the cell has a trail.
                spark.trail = try ParticleTrail(duration: 1, length: 50)
                fire.emitterCells = [spark]
                layer.emitterCells = [fire]
                let path = "emitterCells.fire.emitterCells.spark.\(key)"
                let model = try #require(try? layer.layerValue(forKeyPath: path), "\(path)")
                let (a, b) = try endpoints(key: key, model: model)
                let anim = CABasicAnimation(keyPath: path)
                anim.fromValue = a
                anim.toValue = b
                anim.duration = 1
                try layer.addAnimation(anim, forKey: key)
                let shown = try? layer.makePresentationTree(atTime: 0.5).layerValue(forKeyPath: path)
                #expect(agree(shown, LayerValue.interpolate(a, b, 0.5)), "\(path): \(String(describing: shown))")
                #expect((try? spark.layerValue(forKeyPath: key)) == model, "\(path): model cell unchanged")
                checked += 1
            }
            #expect(checked >= 25, "cell keys checked: \(checked)")
        }
    }
}
