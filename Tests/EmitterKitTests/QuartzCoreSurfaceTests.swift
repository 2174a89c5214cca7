// This file imports EmitterKit and nothing else from the platform, as an iOS file imports QuartzCore:
// that it compiles is the test that CGFloat, CGPoint, CGSize, CGRect and friends come with EmitterKit.
import EmitterKit
import Testing

/// `import EmitterKit` gives what `import QuartzCore` gives on iOS.
@Suite struct QuartzCoreSurfaceTests {
    @Test func geometryAndFoundationTypesComeWithEmitterKit() {
        let width: CGFloat = 320
        let frame = CGRect(origin: CGPoint(x: 0, y: 0), size: CGSize(width: width, height: 480))
        let emitter = CAEmitterLayer()
        emitter.emitterPosition = CGPoint(x: frame.midX, y: 0)
        emitter.emitterSize = CGSize(width: frame.width, height: 1)
        emitter.setValue(NSNumber(value: 2), forKey: "birthRate")
        let turned = CGAffineTransform(rotationAngle: .pi / 2)
        let started: CFTimeInterval = CACurrentMediaTime()
        let boxed = NSValue(caTransform3D: CATransform3DMakeAffineTransform(turned))
        #expect(emitter.emitterPosition.x == 160)
        #expect(emitter.birthRate == 2)
        #expect(started.isFinite && Date().timeIntervalSince1970 > 0)
        #expect(abs(boxed.caTransform3DValue.m12 - 1) < 1e-12)
        #expect(DispatchQueue.main.label.isEmpty == false)
    }
}
