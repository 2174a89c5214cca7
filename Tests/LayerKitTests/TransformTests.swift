import Foundation
import Testing

@testable import LayerKit

/// CATransform3D and CGAffineTransform against hand-computed values.
@Suite struct TransformTests {
    @Test func rotationAboutZTurnsXTowardY() {
        let r = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let p = r.apply(x: 1, y: 0, z: 0)
        #expect(close(p.x, 0) && close(p.y, 1), "(1,0) → (\(p.x), \(p.y)); positive angles turn +x toward +y")
        let a = CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(close(a, CGPoint(x: 0, y: 1)), "affine (1,0) → \(a)")
    }

    @Test func translateThenTransformOrder() {
        // CATransform3DTranslate(t, …) translates first, then applies t.
        let s = CATransform3DMakeScale(2, 2, 1)
        let ts = CATransform3DTranslate(s, 10, 0, 0)
        let p = ts.apply(x: 0, y: 0, z: 0)
        #expect(p.x == 20, "translate (10) then scale (2) gives 20, got \(p.x)")
        let st = CATransform3DScale(CATransform3DMakeTranslation(10, 0, 0), 2, 2, 1)
        #expect(st.apply(x: 0, y: 0, z: 0).x == 10, "scale then translate gives 10")
        #expect(CATransform3DConcat(CATransform3DMakeTranslation(10, 0, 0), s) == ts, "Translate(t) = Concat(T, t)")
    }

    @Test func bookAffineOrderExample() {
        // Scale 0.5, rotate 30°, translate 200: the translation is itself rotated and scaled → ~100 pt diagonally.
        var t = CGAffineTransform.identity
        t = t.scaledBy(x: 0.5, y: 0.5)
        t = t.rotated(by: .pi / 6)
        t = t.translatedBy(x: 200, y: 0)
        let p = CGPoint.zero.applying(t)
        let expected = CGPoint(x: 100 * cos(CGFloat.pi / 6), y: 100 * sin(CGFloat.pi / 6))
        #expect(close(p, expected), "moved to \(p)")
    }

    @Test func inverseUndoesTheTransform() {
        var t = CATransform3DMakeRotation(0.7, 1, 2, 3)
        t = CATransform3DTranslate(t, 5, -7, 11)
        t = CATransform3DScale(t, 2, 3, 0.5)
        t.m34 = -1.0 / 500
        let product = CATransform3DConcat(t, CATransform3DInvert(t))
        #expect(close(product, CATransform3DIdentity), "t·t⁻¹ = \(product)")
        let singular = CATransform3DMakeScale(0, 1, 1)
        #expect(CATransform3DInvert(singular) == singular, "a singular matrix is returned unchanged")
        let affine = CGAffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: 6)
        let p = CGPoint(x: 3, y: 4)
        #expect(close(p.applying(affine).applying(affine.inverted()), p))
    }

    @Test func perspectiveProjectsAgainstHandComputedValues() {
        // m34 = −1/500: a point at z = −100 has w = 1 + 100/500 = 1.2, so (60, 0) projects to (50, 0).
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        let h = p.apply(x: 60, y: 0, z: -100)
        #expect(close(h.w, 1.2) && close(h.x / h.w, 50), "w = \(h.w), x = \(h.x / h.w)")
        // A point at z = +250 (toward the viewer) is magnified by 2.
        let near = p.apply(x: 10, y: 10, z: 250)
        #expect(close(near.x / near.w, 20) && close(near.y / near.w, 20))
    }

    @Test func affineConversionsAndPredicates() {
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = CATransform3DMakeAffineTransform(a)
        #expect(CATransform3DIsAffine(t) && CATransform3DGetAffineTransform(t) == a)
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.3, 0, 1, 0)))
        #expect(CATransform3DIsIdentity(CATransform3DMakeRotation(0.3, 0, 0, 0)), "zero axis gives identity")
        #expect(CATransform3DEqualToTransform(CATransform3DIdentity, CATransform3D()))
        #expect(
            CGRect(x: 0, y: 0, width: 10, height: 10).applying(CGAffineTransform(scaleX: 2, y: 3))
                == CGRect(x: 0, y: 0, width: 20, height: 30))
    }

    @Test func componentsRoundTrip() {
        var t = CATransform3DMakeTranslation(10, 20, 30)
        t = CATransform3DRotate(t, 0.5, 0, 0, 1)
        t = CATransform3DScale(t, 2, 3, 4)
        let c = TransformComponents(t)
        #expect(close(c.rotation.z, 0.5) && close(c.scale.x, 2) && close(c.scale.y, 3) && close(c.translation.x, 10))
        #expect(close(c.transform, t), "recomposed \(c.transform) vs \(t)")
        let y = TransformComponents(CATransform3DMakeRotation(-0.4, 0, 1, 0))
        #expect(close(y.rotation.y, -0.4) && close(y.rotation.x, 0) && close(y.rotation.z, 0))
    }
}
