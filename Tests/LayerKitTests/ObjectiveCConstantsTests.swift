import Foundation
import Testing

@testable import LayerKit

/// The kCA… constants of Objective-C and Swift before 4.2, and the String spelling of cell filters.
@Suite struct ObjectiveCConstantsTests {
    @Test func oldConstantsAssignTheTypedValuesWithApplesRawStrings() {
        let emitter = CAEmitterLayer()
        emitter.emitterShape = kCAEmitterLayerLine
        emitter.emitterMode = kCAEmitterLayerOutline
        emitter.renderMode = kCAEmitterLayerAdditive
        #expect(emitter.emitterShape == .line && emitter.emitterMode == .outline && emitter.renderMode == .additive)
        let shapes = [
            kCAEmitterLayerPoint, kCAEmitterLayerLine, kCAEmitterLayerRectangle, kCAEmitterLayerCuboid,
            kCAEmitterLayerCircle, kCAEmitterLayerSphere,
        ]
        #expect(shapes.map(\.rawValue) == ["point", "line", "rectangle", "cuboid", "circle", "sphere"])
        #expect(
            [kCAEmitterLayerPoints, kCAEmitterLayerOutline, kCAEmitterLayerSurface, kCAEmitterLayerVolume].map(
                \.rawValue) == ["points", "outline", "surface", "volume"])
        #expect(
            [
                kCAEmitterLayerUnordered, kCAEmitterLayerOldestFirst, kCAEmitterLayerOldestLast,
                kCAEmitterLayerBackToFront, kCAEmitterLayerAdditive,
            ].map(\.rawValue) == ["unordered", "oldestFirst", "oldestLast", "backToFront", "additive"])
        #expect(
            [kCAFilterLinear, kCAFilterNearest, kCAFilterTrilinear].map(\.rawValue) == [
                "linear", "nearest", "trilinear",
            ])
        #expect(
            [kCAFillModeRemoved, kCAFillModeForwards, kCAFillModeBackwards, kCAFillModeBoth].map(\.rawValue) == [
                "removed", "forwards", "backwards", "both",
            ])
        #expect(
            [
                kCAMediaTimingFunctionLinear, kCAMediaTimingFunctionEaseIn, kCAMediaTimingFunctionEaseOut,
                kCAMediaTimingFunctionEaseInEaseOut, kCAMediaTimingFunctionDefault,
            ].map(\.rawValue) == ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"])
        let gravities = [
            kCAGravityCenter, kCAGravityTop, kCAGravityBottom, kCAGravityLeft, kCAGravityRight, kCAGravityTopLeft,
            kCAGravityTopRight, kCAGravityBottomLeft, kCAGravityBottomRight, kCAGravityResize,
            kCAGravityResizeAspect, kCAGravityResizeAspectFill,
        ]
        #expect(gravities == CALayerContentsGravity.allCases)
    }

    @Test func oldConstantsWorkWhereOldCodeUsesThem() {
        let layer = CALayer()
        layer.contentsGravity = kCAGravityResizeAspectFill
        layer.magnificationFilter = kCAFilterNearest
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.timingFunction = CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseInEaseOut)
        fade.fillMode = kCAFillModeForwards
        #expect(layer.contentsGravity == .resizeAspectFill && layer.magnificationFilter == .nearest)
        #expect(fade.fillMode == .forwards)
        #expect(fade.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
    }

    @Test func cellFiltersTakeEverySpellingIOSCodeUses() {
        let cell = CAEmitterCell()
        #expect(cell.magnificationFilter == "linear" && cell.minificationFilter == "linear")
        cell.magnificationFilter = CALayerContentsFilter.nearest.rawValue  // Swift 4.2+: the property is a String
        cell.minificationFilter = kCAFilterTrilinear  // Swift before 4.2 and Objective-C
        #expect(cell.magnificationFilter == "nearest" && cell.minificationFilter == "trilinear")
        cell.magnificationFilter = .linear  // typed
        cell.minificationFilter = "nearest"  // a literal
        let typed: CALayerContentsFilter = cell.minificationFilter
        #expect(cell.magnificationFilter == kCAFilterLinear && typed == .nearest)
        #expect(cell.value(forKey: "minificationFilter") as? String == "nearest")
    }
}
