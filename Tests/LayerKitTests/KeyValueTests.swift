import Foundation
import Testing

@testable import LayerKit

/// Key-value access: plain keys, sub-fields, virtual transform key paths, emitter cells, errors.
@Suite struct KeyValueTests {
    /// Runs `body` with the key-value diagnostics it causes collected (each problem once, as the handler
    /// gets them).
    func diagnostics(_ body: () throws -> Void) rethrows -> [KeyValueDiagnostic] {
        let box = DiagnosticBox()
        try KeyValueDiagnostics.withHandler({ box.append($0) }, body)
        return box.items
    }

    // MARK: - As on iOS

    @Test func readsAndWritesPlainAndSubfieldKeysAsOnIOS() {
        let l = CALayer()
        let reports = diagnostics {
            l.setValue(CGPoint(x: 3, y: 4), forKeyPath: "position")
            l.setValue(10.0, forKeyPath: "position.x")
            l.setValue(50, forKeyPath: "bounds.size.width")
            l.setValue(true, forKeyPath: "hidden")
            l.setValue("resizeAspect", forKeyPath: "contentsGravity")
            l.setValue(NSNumber(value: 0.25), forKey: "opacity")
        }
        #expect(reports.isEmpty, "\(reports)")
        #expect(l.position == CGPoint(x: 10, y: 4))
        #expect(l.bounds.width == 50)
        #expect(l.isHidden, "Objective-C key 'hidden' maps to isHidden")
        #expect(l.contentsGravity == .resizeAspect)
        #expect(l.opacity == 0.25)
        // Reads come back as Core Animation returns them: numbers as NSNumber, geometry as Swift values.
        #expect((l.value(forKeyPath: "bounds.size.width") as? NSNumber)?.doubleValue == 50)
        #expect(l.value(forKeyPath: "bounds.size.width") as? Double == 50)
        #expect(l.value(forKeyPath: "opacity") as? Float == 0.25)
        #expect(l.value(forKeyPath: "hidden") as? Bool == true)
        #expect(l.value(forKeyPath: "position") as? CGPoint == CGPoint(x: 10, y: 4))
        #expect(l.value(forKey: "contentsGravity") as? String == "resizeAspect")
        #expect(l.value(forKeyPath: "backgroundColor") == nil, "nil property reads nil")
    }

    @Test func foundationValuesAreAcceptedAsOnIOS() {
        let l = CALayer()
        let reports = diagnostics {
            l.setValue(NSValue(point: CGPoint(x: 5, y: 6)), forKeyPath: "position")
            l.setValue(NSValue(rect: CGRect(x: 0, y: 0, width: 8, height: 9)), forKeyPath: "bounds")
            l.setValue(NSValue(caTransform3D: CATransform3DMakeTranslation(4, 0, 0)), forKeyPath: "transform")
            l.setValue(NSNumber(value: true), forKeyPath: "masksToBounds")
        }
        #expect(reports.isEmpty, "\(reports)")
        #expect(l.position == CGPoint(x: 5, y: 6))
        #expect(l.bounds.size == CGSize(width: 8, height: 9))
        #expect(l.transform.m41 == 4)
        #expect(l.masksToBounds)
        #expect(
            NSValue(caTransform3D: CATransform3DMakeScale(2, 3, 4)).caTransform3DValue
                == CATransform3DMakeScale(2, 3, 4))
    }

    @Test func unknownKeyIsReportedOnceNamingTheKeyAndTheProgramGoesOn() {
        let l = CALayer()
        let reports = diagnostics {
            for _ in 0..<60 { l.setValue(1, forKeyPath: "opactiy") }
        }
        #expect(reports.count == 1, "a typo in a loop is reported once: \(reports)")
        #expect(reports.first?.description.contains("'opactiy'") == true)
        #expect(reports.first?.description.contains("did you mean 'opacity'") == true)
        #expect(reports.first?.storedAsUserValue == true)
        // Core Animation's layers accept any key: the value reads back.
        #expect(l.value(forKey: "opactiy") as? Int == 1)
        #expect(l.opacity == 1)
    }

    @Test func wrongValueTypeIsReportedAndChangesNothing() {
        let l = CALayer()
        l.opacity = 0.5
        let reports = diagnostics {
            l.setValue(CGPoint.zero, forKeyPath: "opacity")
            l.setValue(Double.nan, forKeyPath: "opacity")
            l.setValue(Date(), forKeyPath: "opacity")
            l.setValue(1, forKeyPath: "position.q")
        }
        #expect(reports.count == 4, "\(reports)")
        #expect(reports.allSatisfy { !$0.storedAsUserValue })
        #expect(reports.allSatisfy { $0.description.contains("'opacity'") || $0.description.contains("'position.q'") })
        #expect(l.opacity == 0.5)
        #expect(l.value(forKeyPath: "position.q") == nil)
    }

    @Test func emitterCellKeyPathsReachNestedCells() {
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
        let reports = diagnostics {
            emitter.setValue(250, forKeyPath: "emitterCells.rocket.birthRate")
            emitter.setValue(
                CGColor.named["red"]!, forKeyPath: "emitterCells.rocket.emitterCells.burst.emitterCells.spark.color")
            spark.setValue(2, forKey: "velocity")
            emitter.setValue(1, forKeyPath: "emitterCells.nope.birthRate")
        }
        #expect(rocket.birthRate == 250)
        #expect(spark.color == CGColor.named["red"])
        #expect(spark.velocity == 2)
        #expect(emitter.value(forKeyPath: "emitterCells.rocket.birthRate") as? Float == 250)
        #expect(emitter.isAnimatable(keyPath: "emitterCells.rocket.birthRate"))
        #expect(emitter.cell(atNamePath: "rocket.burst.spark") === spark)
        #expect(emitter.allCells.map(\.name) == ["rocket", "burst", "spark"])
        #expect(reports.map(\.error) == [.unknownCell(path: "emitterCells.nope.birthRate", name: "nope")])
    }

    @Test func cellsKeepPrivateKeysSomeIOSCodeSets() {
        let cell = CAEmitterCell()
        let reports = diagnostics { cell.setValue("plane", forKey: "particleType") }
        #expect(cell.value(forKey: "particleType") as? String == "plane")
        #expect(reports.count == 1 && reports[0].storedAsUserValue, "\(reports)")
    }

    // MARK: - Typed and throwing

    @Test func throwingTwinsReadAndWriteLayerValues() throws {
        let l = CALayer()
        try l.setLayerValue(.point(CGPoint(x: 3, y: 4)), forKeyPath: "position")
        try l.setLayerValue(.number(10), forKeyPath: "position.x")
        #expect(try l.layerValue(forKeyPath: "position") == .point(CGPoint(x: 10, y: 4)))
        let c = CAEmitterCell()
        try c.setLayerValue(.number(3), forKeyPath: "birthRate")
        #expect(try c.layerValue(forKeyPath: "birthRate") == .number(3))
    }

    @Test func virtualTransformKeyPathsKeepOtherComponents() throws {
        let l = CALayer()
        l.transform = CATransform3DMakeScale(2, 2, 1)
        try l.setLayerValue(.number(Double.pi / 2), forKeyPath: "transform.rotation.z")
        let p = l.transform.apply(x: 1, y: 0, z: 0)
        #expect(close(p.x, 0) && close(p.y, 2), "scale 2 kept, rotated a quarter turn: \(p)")
        #expect(close(CGFloat(try l.layerValue(forKeyPath: "transform.rotation").number!), .pi / 2))
        try l.setLayerValue(.number(3), forKeyPath: "transform.scale")
        #expect(close(CGFloat(try l.layerValue(forKeyPath: "transform.scale.y").number!), 3))
        try l.setLayerValue(.number(7), forKeyPath: "transform.translation.x")
        #expect(l.transform.m41 == 7)
    }

    @Test func unknownKeysAndBadValuesAreClearErrors() throws {
        let l = CALayer()
        do {
            try l.setLayerValue(.number(1), forKeyPath: "opactiy")
            Issue.record("expected an error")
        } catch let e as KeyPathError {
            #expect(e.description.contains("did you mean 'opacity'"), "message: \(e)")
        } catch { Issue.record("unexpected \(error)") }
        #expect(throws: KeyPathError.self) { try l.setLayerValue(.number(.nan), forKeyPath: "opacity") }
        #expect(throws: KeyPathError.self) { try l.setLayerValue(.number(-1), forKeyPath: "cornerRadius") }
        #expect(throws: KeyPathError.self) { try l.setLayerValue(.string("sideways"), forKeyPath: "contentsGravity") }
        #expect(throws: KeyPathError.self) { try l.setLayerValue(.point(.zero), forKeyPath: "opacity") }
        #expect(throws: KeyPathError.self) { try l.layerValue(forKeyPath: "position.q") }
        let r = CAReplicatorLayer()
        #expect(throws: KeyPathError.self) { try r.setLayerValue(.number(2.5), forKeyPath: "instanceCount") }
        #expect(throws: Never.self) { try r.setLayerValue(.number(.infinity), forKeyPath: "repeatCount") }
        let emitter = CAEmitterLayer()
        #expect(throws: KeyPathError.unknownCell(path: "emitterCells.nope.birthRate", name: "nope")) {
            try emitter.setLayerValue(.number(1), forKeyPath: "emitterCells.nope.birthRate")
        }
    }

    @Test func specialisedLayersAnswerTheirKeys() throws {
        let g = CAGradientLayer()
        g.setValue([CGColor.white, CGColor.black], forKeyPath: "colors")
        g.setValue([NSNumber(value: 0), NSNumber(value: 1)], forKeyPath: "locations")
        g.setValue("conic", forKeyPath: "type")
        #expect(g.colors?.count == 2 && g.locations == [0, 1] && g.type == .conic)
        #expect((g.value(forKeyPath: "locations") as? [NSNumber])?.map(\.doubleValue) == [0, 1])
        let s = CAShapeLayer()
        s.setValue(0.5, forKeyPath: "strokeEnd")
        #expect(s.strokeEnd == 0.5 && s.isAnimatable(keyPath: "strokeEnd"))
        let r = CAReplicatorLayer()
        r.setValue(10, forKeyPath: "instanceCount")
        #expect(r.instanceCount == 10 && r.allKeys.contains("instanceTransform"))
        #expect(CALayer.defaultValue(forKey: "shadowOffset") as? CGSize == CGSize(width: 0, height: -3))
    }
}

/// Collects diagnostics from the handler (which may run on any thread).
final class DiagnosticBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [KeyValueDiagnostic] = []
    func append(_ d: KeyValueDiagnostic) {
        lock.lock()
        stored.append(d)
        lock.unlock()
    }
    var items: [KeyValueDiagnostic] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
