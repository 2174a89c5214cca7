import Foundation
import Testing

@testable import LayerKit

struct AnimationTransitionTests {
    @Test func transitionOffsetsAndOpacitiesFollowTypeAndSubtype() {
        let size = CGSize(width: 100, height: 40)
        func at(_ type: CATransitionType, _ subtype: CATransitionSubtype, _ p: Double) -> CATransitionPresentation {
            CATransitionPresentation(type: type, subtype: subtype, progress: p, outgoing: nil, size: size)
        }
        let push = at(.push, .fromRight, 0.25)
        #expect(
            push.incomingOffset == CGPoint(x: 75, y: 0) && push.outgoingOffset == CGPoint(x: -25, y: 0),
            "push from right")
        let moveIn = at(.moveIn, .fromTop, 0.5)
        #expect(
            moveIn.incomingOffset == CGPoint(x: 0, y: -20) && moveIn.outgoingOffset == .zero, "move in from the top")
        let reveal = at(.reveal, .fromBottom, 0.5)
        #expect(
            reveal.incomingOffset == .zero && reveal.outgoingOffset == CGPoint(x: 0, y: -20) && reveal.outgoingOnTop)
        let left = at(.push, .fromLeft, 0.5)
        #expect(left.incomingOffset == CGPoint(x: -50, y: 0) && left.outgoingOffset == CGPoint(x: 50, y: 0))
        let fade = at(.fade, .fromLeft, 0.3)
        #expect(fade.incomingOpacity == 0.3 && abs(fade.outgoingOpacity - 0.7) < 1e-12 && fade.incomingOffset == .zero)
    }

    @Test func transitionShowsThePreviouslyPresentedStateAsOutgoing() throws {
        try withVirtualTime { clock in
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            layer.backgroundColor = UIColor.red.cgColor
            layer.allowsImplicitAnimations = false
            layer.makePresentationTree(atTime: 0)
            let t = CATransition()
            t.type = .push
            t.subtype = .fromRight
            t.duration = 1
            layer.add(t, forKey: "anything")
            layer.backgroundColor = UIColor.blue.cgColor
            #expect(layer.animationKeys() == [kCATransition], "transitions always use kCATransition")
            try clock.set(to: 0.5)
            let shown = layer.makePresentationTree(atTime: 0.5)
            let transition = try #require(shown.activeTransition)
            #expect(transition.outgoing?.backgroundColor == UIColor.red.cgColor, "outgoing: the state shown before")
            #expect(shown.backgroundColor == UIColor.blue.cgColor, "incoming: the new state")
            #expect(transition.incomingOffset == CGPoint(x: 50, y: 0) && transition.progress == 0.5)
            #expect(layer.makePresentationTree(atTime: 1).activeTransition == nil, "done")
        }
    }

    @Test func startAndEndProgressLimitTheTransition() throws {
        try withVirtualTime { _ in
            let layer = CALayer()
            let t = CATransition()
            t.startProgress = 0.2
            t.endProgress = 0.6
            t.duration = 1
            try layer.addAnimation(t, forKey: nil)
            #expect(
                abs((layer.makePresentationTree(atTime: 0.5).activeTransition?.progress ?? -1) - 0.4) < 1e-6,
                "Float progress bounds")
            t.endProgress = 0.1
            #expect(throws: AnimationError.self) { try layer.addAnimation(t, forKey: nil) }
        }
    }
}
