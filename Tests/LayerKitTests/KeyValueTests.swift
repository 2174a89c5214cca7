import Foundation
import Testing

@testable import LayerKit

/// Key-value access: plain keys, sub-fields, virtual transform key paths, emitter cells, errors.
@Suite struct KeyValueTests {
    @Test func readsAndWritesPlainAndSubfieldKeys() throws {
        let l = CALayer()
        try l.setValue(CGPoint(x: 3, y: 4), forKeyPath: "position")
        try l.setValue(10.0, forKeyPath: "position.x")
        #expect(l.position == CGPoint(x: 10, y: 4))
        try l.setValue(50, forKeyPath: "bounds.size.width")
        #expect(l.bounds.width == 50)
        #expect(l.value(forKeyPath: "bounds.size.width") == .number(50))
        try l.setValue(true, forKeyPath: "hidden")
        #expect(l.isHidden, "Objective-C key 'hidden' maps to isHidden")
        try l.setValue(LayerValue.string("resizeAspect"), forKeyPath: "contentsGravity")
        #expect(l.contentsGravity == .resizeAspect)
    }

    @Test func virtualTransformKeyPathsKeepOtherComponents() throws {
        let l = CALayer()
        l.transform = CATransform3DMakeScale(2, 2, 1)
        try l.setValue(Double.pi / 2, forKeyPath: "transform.rotation.z")
        let p = l.transform.apply(x: 1, y: 0, z: 0)
        #expect(close(p.x, 0) && close(p.y, 2), "scale 2 kept, rotated a quarter turn: \(p)")
        #expect(close(CGFloat(l.value(forKeyPath: "transform.rotation")!.number!), .pi / 2))
        try l.setValue(3.0, forKeyPath: "transform.scale")
        #expect(close(CGFloat(l.value(forKeyPath: "transform.scale.y")!.number!), 3))
        try l.setValue(7.0, forKeyPath: "transform.translation.x")
        #expect(l.transform.m41 == 7)
    }

    @Test func emitterCellKeyPathsReachNestedCells() throws {
        let emitter = CAEmitterLayer()
        let rocket = CAEmitterCell()
        let burst = CAEmitterCell()
        let spark = CAEmitterCell()
        rocket.name = "rocket"
        burst.name = "burst"
        spark.name = "spark"
        burst.emitterCells = [spark]
        rocket.emitterCells = [burst]
        emitter.emitterCells = [rocket]
        try emitter.setValue(250, forKeyPath: "emitterCells.rocket.birthRate")
        #expect(rocket.birthRate == 250)
        try emitter.setValue(
            CGColor.named["red"]!, forKeyPath: "emitterCells.rocket.emitterCells.burst.emitterCells.spark.color")
        #expect(spark.color == CGColor.named["red"])
        #expect(emitter.value(forKeyPath: "emitterCells.rocket.birthRate") == .number(250))
        #expect(emitter.isAnimatable(keyPath: "emitterCells.rocket.birthRate"))
        #expect(emitter.cell(atNamePath: "rocket.burst.spark") === spark)
        #expect(emitter.allCells.map(\.name) == ["rocket", "burst", "spark"])
        #expect(throws: KeyPathError.unknownCell(path: "emitterCells.nope.birthRate", name: "nope")) {
            try emitter.setValue(1, forKeyPath: "emitterCells.nope.birthRate")
        }
    }

    @Test func unknownKeysAndBadValuesAreClearErrors() {
        let l = CALayer()
        do {
            try l.setValue(1, forKeyPath: "opactiy")
            Issue.record("expected an error")
        } catch let e as KeyPathError {
            #expect(e.description.contains("did you mean 'opacity'"), "message: \(e)")
        } catch { Issue.record("unexpected \(error)") }
        #expect(throws: KeyPathError.self) { try l.setValue(Double.nan, forKeyPath: "opacity") }
        #expect(throws: KeyPathError.self) { try l.setValue(-1.0, forKeyPath: "cornerRadius") }
        #expect(throws: KeyPathError.self) { try l.setValue("sideways", forKeyPath: "contentsGravity") }
        #expect(throws: KeyPathError.self) { try l.setValue(CGPoint.zero, forKeyPath: "opacity") }
        #expect(l.value(forKeyPath: "position.q") == nil)
        let r = CAReplicatorLayer()
        #expect(throws: KeyPathError.self) { try r.setValue(2.5, forKeyPath: "instanceCount") }
        #expect(throws: Never.self) { try r.setValue(Float.infinity, forKeyPath: "repeatCount") }
    }

    @Test func specialisedLayersAnswerTheirKeys() throws {
        let g = CAGradientLayer()
        try g.setValue([CGColor.white, CGColor.black], forKeyPath: "colors")
        try g.setValue([0.0, 1.0], forKeyPath: "locations")
        try g.setValue(LayerValue.string("conic"), forKeyPath: "type")
        #expect(g.colors?.count == 2 && g.locations == [0, 1] && g.type == .conic)
        let s = CAShapeLayer()
        try s.setValue(0.5, forKeyPath: "strokeEnd")
        #expect(s.strokeEnd == 0.5 && s.isAnimatable(keyPath: "strokeEnd"))
        let r = CAReplicatorLayer()
        try r.setValue(10, forKeyPath: "instanceCount")
        #expect(r.instanceCount == 10 && r.allKeys.contains("instanceTransform"))
        #expect(CALayer.defaultValue(forKey: "shadowOffset") == .size(CGSize(width: 0, height: -3)))
    }
}
