import Foundation
import Testing

@testable import LayerKit

/// The swinging door of S18 (an autoreversing rotation repeating forever) and the scrubbed door of S19
/// (a paused layer driven by timeOffset), core-animation-notes.md §18.
struct AnimationDoorTests {
    private func makeDoor() -> (container: CALayer, door: CALayer) {
        let container = CALayer()
        container.bounds = CGRect(x: 0, y: 0, width: 300, height: 300)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500.0
        container.sublayerTransform = perspective
        let door = CALayer()
        door.bounds = CGRect(x: 0, y: 0, width: 128, height: 256)
        door.anchorPoint = CGPoint(x: 0, y: 0.5)
        door.position = CGPoint(x: 86, y: 150)
        container.addSublayer(door)
        return (container, door)
    }

    private func swing(duration: Double) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: "transform.rotation.y")
        a.toValue = -Double.pi / 2
        a.duration = duration
        return a
    }

    /// The door's angle about y, read from its presented transform.
    private func angle(_ t: CATransform3D) -> Double { Double(TransformComponents(t).rotation.y) }

    @Test func doorSwingsAsAFourSecondTriangleWave() throws {
        try withVirtualTime { _ in
            let (container, door) = makeDoor()
            let a = swing(duration: 2)
            a.repeatDuration = .infinity
            a.autoreverses = true
            try door.addAnimation(a, forKey: "swing")
            for i in 0...40 {
                let t = Double(i) * 0.25
                let phase = t.truncatingRemainder(dividingBy: 4)
                let expected = -Double.pi / 2 * (phase <= 2 ? phase / 2 : (4 - phase) / 2)
                let shown = container.makePresentationTree(atTime: t).sublayers![0]
                #expect(
                    abs(angle(shown.transform) - expected) < 1e-9,
                    "t=\(t): angle \(angle(shown.transform)), expected \(expected)")
            }
            #expect(door.animation(forKey: "swing") != nil, "an infinite animation never completes")
            #expect(door.transform == CATransform3DIdentity, "the model door stays shut")
        }
    }

    @Test func pausedDoorAngleIsAPureFunctionOfTimeOffset() throws {
        try withVirtualTime(start: 3) { clock in
            let (container, door) = makeDoor()
            door.speed = 0
            try door.addAnimation(swing(duration: 1), forKey: "swing")
            var previous = 0.0
            for (i, dx) in [40.0, 80.0, -30.0, 500.0, -1000.0, 100.0].enumerated() {
                let offset = min(0.999, max(0, door.timeOffset + dx / 200))
                door.timeOffset = offset
                try clock.advance(by: 0.37)
                let shown = container.makePresentationTree(atTime: clock.mediaTime).sublayers![0]
                let expected = -Double.pi / 2 * offset
                #expect(
                    abs(angle(shown.transform) - expected) < 1e-9,
                    "scrub \(i): timeOffset \(offset), angle \(angle(shown.transform)), expected \(expected)")
                previous = angle(shown.transform)
            }
            #expect(door.animation(forKey: "swing") != nil, "a paused animation never completes")
            #expect(
                previous == angle(container.makePresentationTree(atTime: 1000).sublayers![0].transform),
                "time passing changes nothing")
        }
    }

    @Test func pauseAndResumeRecipeFreezesAndContinuesWhereItLeftOff() throws {
        try withVirtualTime { clock in
            let layer = CALayer()
            let a = CABasicAnimation(keyPath: "zPosition")
            a.fromValue = 0
            a.toValue = 100
            a.duration = 10
            try layer.addAnimation(a, forKey: "z")
            try clock.set(to: 3)
            // Apple's pause: speed 0, timeOffset = the current local time.
            let paused = layer.convertTime(CACurrentMediaTime(), from: nil)
            layer.speed = 0
            layer.timeOffset = paused
            #expect(close(layer.makePresentationTree(atTime: 3).zPosition, 30))
            try clock.set(to: 8)
            #expect(close(layer.makePresentationTree(atTime: 8).zPosition, 30), "frozen while paused")
            // Apple's resume.
            let pausedTime = layer.timeOffset
            layer.speed = 1
            layer.timeOffset = 0
            layer.beginTime = 0
            layer.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
            #expect(close(layer.makePresentationTree(atTime: 8).zPosition, 30), "continues from the frozen value")
            #expect(close(layer.makePresentationTree(atTime: 10).zPosition, 50))
        }
    }

    @Test func superlayerSpeedAndOffsetAffectSublayerAnimations() throws {
        try withVirtualTime { _ in
            let root = CALayer()
            let child = CALayer()
            root.addSublayer(child)
            root.speed = 2
            let a = CABasicAnimation(keyPath: "opacity")
            a.fromValue = 0
            a.toValue = 1
            a.duration = 1
            try child.addAnimation(a, forKey: "fade")
            #expect(abs(root.makePresentationTree(atTime: 0.25).sublayers![0].opacity - 0.5) < 1e-6, "twice as fast")
            root.speed = 1
            root.timeOffset = 0.75
            root.beginTime = 0
            #expect(
                abs(root.makePresentationTree(atTime: 0).sublayers![0].opacity - 0.75) < 1e-6, "offset down the tree")
        }
    }
}
