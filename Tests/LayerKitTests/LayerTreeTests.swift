import Foundation
import Testing

@testable import LayerKit

/// Sublayer order operations, hit testing and zPosition (S14), change tracking.
@Suite struct LayerTreeTests {
    @Test func sublayerOperationsKeepOrderAndParents() {
        let root = CALayer()
        let a = makeLayer("a", frame: .zero)
        let b = makeLayer("b", frame: .zero)
        let c = makeLayer("c", frame: .zero)
        root.addSublayer(a)
        root.addSublayer(c)
        root.insertSublayer(b, above: a)
        #expect(root.sublayers?.map(\.name) == ["a", "b", "c"])
        let d = makeLayer("d", frame: .zero)
        root.insertSublayer(d, below: a)
        #expect(root.sublayers?.map(\.name) == ["d", "a", "b", "c"])
        root.insertSublayer(d, at: 2)
        #expect(root.sublayers?.map(\.name) == ["a", "b", "d", "c"], "re-inserting moves, never duplicates")
        let e = makeLayer("e", frame: .zero)
        root.replaceSublayer(b, with: e)
        #expect(root.sublayers?.map(\.name) == ["a", "e", "d", "c"])
        #expect(b.superlayer == nil && e.superlayer === root)
        c.removeFromSuperlayer()
        #expect(root.sublayers?.map(\.name) == ["a", "e", "d"])
        let other = CALayer()
        other.addSublayer(a)
        #expect(root.sublayers?.map(\.name) == ["e", "d"], "adding to another parent removes from the old one")
        #expect(a.superlayer === other)
        root.sublayers = nil
        #expect(root.sublayers == nil && e.superlayer == nil)
    }

    @Test func hitTestReturnsTheDeepestLayerInSublayerOrder() {
        // S14: a white layer with a blue sublayer; hitTest tells blue from white.
        let root = makeLayer("root", frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let white = makeLayer("white", frame: CGRect(x: 100, y: 100, width: 200, height: 200), color: .white)
        let blue = makeLayer("blue", frame: CGRect(x: 50, y: 50, width: 100, height: 100), color: CGColor.named["blue"])
        root.addSublayer(white)
        white.addSublayer(blue)
        #expect(root.hitTest(CGPoint(x: 200, y: 200))?.name == "blue")
        #expect(root.hitTest(CGPoint(x: 110, y: 110))?.name == "white")
        #expect(root.hitTest(CGPoint(x: 10, y: 10))?.name == "root")
        #expect(root.hitTest(CGPoint(x: 500, y: 10)) == nil, "outside the outermost layer")
    }

    @Test func zPositionChangesDrawingOrderButNotHitOrder() {
        // S14: green and red 100×100 at (100,100) and (150,150); green zPosition 1 draws over red,
        // but hits still follow sublayer order (red was added last, so red is hit).
        let root = makeLayer("root", frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let green = makeLayer("green", frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        let red = makeLayer("red", frame: CGRect(x: 150, y: 150, width: 100, height: 100))
        root.addSublayer(green)
        root.addSublayer(red)
        green.zPosition = 1
        #expect(root.hitTest(CGPoint(x: 175, y: 175))?.name == "red")
    }

    @Test func hiddenAndTransparentLayersAreNotHit() {
        let root = makeLayer("root", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = makeLayer("child", frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        root.addSublayer(child)
        child.isHidden = true
        #expect(root.hitTest(CGPoint(x: 10, y: 10))?.name == "root")
        child.isHidden = false
        child.opacity = 0
        #expect(root.hitTest(CGPoint(x: 10, y: 10))?.name == "root")
    }

    @Test func masksToBoundsHidesSublayersOutsideFromHits() {
        let root = makeLayer("root", frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let box = makeLayer("box", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let overflow = makeLayer("overflow", frame: CGRect(x: 80, y: 80, width: 100, height: 100))
        root.addSublayer(box)
        box.addSublayer(overflow)
        #expect(root.hitTest(CGPoint(x: 150, y: 150))?.name == "overflow")
        box.masksToBounds = true
        #expect(root.hitTest(CGPoint(x: 150, y: 150))?.name == "root")
        #expect(root.hitTest(CGPoint(x: 90, y: 90))?.name == "overflow")
    }

    @Test func hitTestFollowsRotation() {
        let root = makeLayer("root", frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let bar = makeLayer("bar", frame: CGRect(x: 150, y: 190, width: 100, height: 20))
        root.addSublayer(bar)
        #expect(root.hitTest(CGPoint(x: 200, y: 160))?.name == "root")
        bar.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(root.hitTest(CGPoint(x: 200, y: 160))?.name == "bar", "the bar now stands upright")
    }

    @Test func maskIsNotASublayer() {
        let layer = CALayer()
        let mask = CALayer()
        layer.mask = mask
        #expect(layer.sublayers == nil && mask.superlayer == nil && layer.mask === mask)
        let other = CALayer()
        other.mask = mask
        #expect(layer.mask == nil && other.mask === mask, "a mask belongs to one layer")
    }

    @Test func changesBumpGenerationsUpTheTree() {
        let root = CALayer()
        let child = CALayer()
        root.addSublayer(child)
        let (g0, s0) = (root.generation, root.subtreeGeneration)
        child.opacity = 0.5
        #expect(root.generation == g0, "root's own properties did not change")
        #expect(root.subtreeGeneration != s0, "root's subtree did")
        let emitter = CAEmitterLayer()
        let cell = CAEmitterCell()
        emitter.emitterCells = [cell]
        root.addSublayer(emitter)
        let s1 = root.subtreeGeneration
        cell.birthRate = 10
        #expect(root.subtreeGeneration != s1, "a cell change marks its layer's ancestors")
    }

    @Test func layerNamedFindsDescendants() {
        let root = makeLayer("root", frame: .zero)
        let a = makeLayer("a", frame: .zero)
        let b = makeLayer("b", frame: .zero)
        root.addSublayer(a)
        a.addSublayer(b)
        #expect(root.layer(named: "b") === b)
        #expect(root.layer(named: "zzz") == nil)
    }

    @Test func presentationCopyCopiesPropertiesNotSublayers() {
        let l = CAGradientLayer()
        l.colors = [.white, .black]
        l.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        l.addSublayer(CALayer())
        let copy = CAGradientLayer(layer: l)
        #expect(copy.colors == [.white, .black] && copy.frame == l.frame)
        #expect(copy.sublayers == nil && copy.modelLayer === l)
    }

    @Test func scrollLayerMovesItsBoundsOrigin() {
        let s = CAScrollLayer()
        s.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        s.scroll(to: CGPoint(x: 100, y: 50))
        #expect(s.bounds.origin == CGPoint(x: 100, y: 50))
        s.scrollMode = .horizontally
        s.scroll(to: CGPoint(x: 0, y: 0))
        #expect(s.bounds.origin == CGPoint(x: 0, y: 50))
        s.scrollMode = .both
        s.scroll(CGRect(x: 350, y: 60, width: 100, height: 100))
        #expect(s.bounds.origin == CGPoint(x: 150, y: 50), "scrolls the least distance: \(s.bounds.origin)")
    }
}
