import Foundation
import Testing

@testable import LayerKit

/// Apple's default values (apple-semantics.md §b.1, core-animation-notes.md §17).
@Suite struct ModelDefaultsTests {
    @Test func layerDefaults() {
        let l = CALayer()
        #expect(l.anchorPoint == CGPoint(x: 0.5, y: 0.5) && l.opacity == 1 && !l.isHidden)
        #expect(l.contentsGravity == .resize && l.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(l.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1) && l.contentsScale == 1)
        #expect(l.shadowOpacity == 0 && l.shadowRadius == 3 && l.shadowOffset == CGSize(width: 0, height: -3))
        #expect(l.shadowColor == .black && l.borderColor == .black && l.borderWidth == 0 && l.cornerRadius == 0)
        #expect(l.maskedCorners == .allCorners && l.isDoubleSided && !l.masksToBounds && l.allowsGroupOpacity)
        #expect(!l.shouldRasterize && l.rasterizationScale == 1)
        #expect(l.minificationFilter == .linear && l.magnificationFilter == .linear)
        #expect(l.speed == 1 && l.fillMode == .removed && l.duration == 0)
    }

    @Test func emitterLayerDefaults() {
        let e = CAEmitterLayer()
        #expect(e.birthRate == 1 && e.lifetime == 1 && e.velocity == 1 && e.scale == 1 && e.spin == 1)
        #expect(e.emitterPosition == .zero && e.emitterZPosition == 0 && e.emitterSize == .zero && e.emitterDepth == 0)
        #expect(e.emitterShape == .point && e.emitterMode == .volume && e.renderMode == .unordered)
        #expect(!e.preservesDepth && e.seed == 0 && e.maxParticles == 100_000 && e.rangeSemantics == .fullWidth)
        #expect(e.emitterCells == nil)
    }

    @Test func emitterCellDefaults() {
        let c = CAEmitterCell()
        #expect(c.birthRate == 0 && c.lifetime == 0 && c.lifetimeRange == 0 && c.isEnabled && c.name == nil)
        #expect(c.emissionLatitude == 0 && c.emissionLongitude == 0 && c.emissionRange == 0)
        #expect(
            c.velocity == 0 && c.velocityRange == 0 && c.xAcceleration == 0 && c.yAcceleration == 0
                && c.zAcceleration == 0)
        #expect(c.scale == 1 && c.scaleRange == 0 && c.scaleSpeed == 0 && c.spin == 0 && c.spinRange == 0)
        #expect(c.color == .white && c.redRange == 0 && c.alphaSpeed == 0)
        #expect(c.contents == nil && c.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1) && c.contentsScale == 1)
        #expect(c.speed == 1 && c.beginTime == 0 && c.duration == 0 && c.repeatCount == 0 && c.emitterCells == nil)
    }

    @Test func specialisedLayerDefaults() {
        let g = CAGradientLayer()
        #expect(g.startPoint == CGPoint(x: 0.5, y: 0) && g.endPoint == CGPoint(x: 0.5, y: 1) && g.type == .axial)
        let r = CAReplicatorLayer()
        #expect(
            r.instanceCount == 1 && r.instanceColor == .white && r.instanceDelay == 0
                && CATransform3DIsIdentity(r.instanceTransform))
        let s = CAShapeLayer()
        #expect(s.fillColor == .black && s.strokeColor == nil && s.lineWidth == 1 && s.miterLimit == 10)
        #expect(
            s.lineCap == .butt && s.lineJoin == .miter && s.strokeStart == 0 && s.strokeEnd == 1
                && s.fillRule == .nonZero)
        let t = CATextLayer()
        #expect(
            t.fontSize == 36 && t.foregroundColor == .white && !t.isWrapped && t.alignmentMode == .natural
                && t.truncationMode == .none)
        #expect(!CATransformLayer().flattensSublayers && CALayer().flattensSublayers)
    }

    @Test func replicatorInstanceColorsFollowTheRing() {
        // S7: blue and green offsets −0.1: instance k has colour (1, 1 − 0.1k, 1 − 0.1k).
        let r = CAReplicatorLayer()
        r.instanceCount = 10
        r.instanceBlueOffset = -0.1
        r.instanceGreenOffset = -0.1
        for k in 0..<10 {
            let c = r.color(ofInstance: k)
            #expect(
                c.red == 1 && close(c.green, 1 - 0.1 * CGFloat(k)) && close(c.blue, 1 - 0.1 * CGFloat(k)),
                "k=\(k): \(c)")
        }
        r.instanceAlphaOffset = -0.6
        #expect(r.color(ofInstance: 2).alpha == 0, "clamped at 0")
    }
}
