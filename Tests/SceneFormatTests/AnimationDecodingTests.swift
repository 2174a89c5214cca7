import Foundation
import LayerKit
import Testing

@testable import SceneFormat

/// Layer animations decode into descriptions whose values have the animated key path's kind.
@Suite struct AnimationDecodingTests {
    func animations(_ layer: String) throws -> [Scene.LayerAnimation] {
        try loadScene(sceneWithLayer(layer)).animations
    }

    @Test func sketchSpinIsABasicRotationForever() throws {
        let a = try animations(
            #"{"animations": {"spin": {"type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0, "toValue": "360deg", "duration": 2, "repeatCount": "infinity", "timingFunction": "linear"}}}"#
        )
        #expect(a.count == 1 && a[0].key == "spin")
        let spin = a[0].animation
        #expect(spin.kind == .basic && spin.keyPath == "transform.rotation.z")
        #expect(spin.fromValue == .number(0))
        if case .number(let to) = spin.toValue {
            #expect(abs(to - 2 * .pi) < 1e-12, "\"360deg\" is 2π: \(to)")
        } else {
            Issue.record("toValue \(String(describing: spin.toValue))")
        }
        #expect(
            spin.timing.duration == 2 && spin.timing.repeatCount == .infinity && spin.timingFunction == .named(.linear))
    }

    @Test func theBooksDoorSwingsWithAutoreverse() throws {
        let door = try animations(
            #"{"name": "door", "bounds": [0, 0, 128, 256], "anchorPoint": [0, 0.5], "position": [86, 150], "animations": {"swing": {"type": "basic", "keyPath": "transform.rotation.y", "toValue": "-0.5pi", "duration": 2, "repeatDuration": "infinity", "autoreverses": true}}}"#
        )[0].animation
        #expect(
            door.toValue == .number(-Double.pi / 2) && door.timing.repeatDuration == .infinity
                && door.timing.autoreverses)
    }

    @Test func keyframeValuesTakeTheKindOfTheKeyPath() throws {
        let colour = try animations(
            #"{"animations": {"c": {"type": "keyframe", "keyPath": "backgroundColor", "values": ["blue", "red", "green", "blue"], "duration": 4, "timingFunctions": ["easeIn", "easeIn", [0.1, 0.2, 0.3, 1.4]], "keyTimes": [0, 0.25, 0.5, 1]}}}"#
        )[0].animation
        #expect(
            colour.values == [
                .color(UIColor.blue.cgColor), .color(UIColor.red.cgColor), .color(UIColor.green.cgColor),
                .color(UIColor.blue.cgColor),
            ],
            "a keyPath whose value is nil (backgroundColor) reads colours")
        #expect(colour.timingFunctions == [.named(.easeIn), .named(.easeIn), .controlPoints(0.1, 0.2, 0.3, 1.4)])
        #expect(colour.keyTimes == [0, 0.25, 0.5, 1])
        let follow = try animations(
            #"{"animations": {"f": {"type": "keyframe", "keyPath": "position", "path": "M 0 150 C 75 0 225 300 300 150", "rotationMode": "auto", "calculationMode": "paced"}}}"#
        )[0].animation
        #expect(follow.path?.elements.count == 2 && follow.rotationMode == .auto && follow.calculationMode == .paced)
        let scale = try animations(
            #"{"animations": {"s": {"type": "keyframe", "keyPath": "transform", "values": [[], [{"scale": 2}]], "calculationMode": "cubic", "tensionValues": [0, 1]}}}"#
        )[0].animation
        #expect(
            scale.values == [.transform(CATransform3DIdentity), .transform(CATransform3DMakeScale(2, 2, 1))]
                && scale.tensionValues == [0, 1])
    }

    @Test func springsGroupsAndTransitions() throws {
        let list = try animations(
            #"{"animations": {"bounce": {"type": "spring", "keyPath": "position.y", "toValue": 300, "mass": 2, "stiffness": 200, "damping": 5, "initialVelocity": -1}, "both": {"type": "group", "duration": 4, "animations": [{"type": "basic", "keyPath": "opacity", "toValue": 0}, {"type": "basic", "keyPath": "transform.rotation", "byValue": "2pi"}]}, "fade": {"type": "transition", "transitionType": "push", "subtype": "fromLeft", "endProgress": 0.5}}}"#
        )
        #expect(list.map(\.key) == ["bounce", "both", "fade"])
        let spring = list[0].animation
        #expect(
            spring.kind == .spring && spring.toValue == .number(300) && spring.mass == 2 && spring.stiffness == 200
                && spring.damping == 5 && spring.initialVelocity == -1)
        let group = list[1].animation
        #expect(
            group.animations.count == 2 && group.timing.duration == 4 && group.animations[1].byValue == .number(2 * .pi)
        )
        let t = list[2].animation
        #expect(t.transitionType == .push && t.subtype == .fromLeft && t.endProgress == 0.5 && t.keyPath == nil)
    }

    @Test func emitterCellKeyPathsAreAnimatable() throws {
        let a = try animations(
            #"{"type": "emitter", "emitterCells": [{"name": "spark", "contents": "builtin:spark", "birthRate": 10, "lifetime": 1}], "animations": {"burst": {"type": "basic", "keyPath": "emitterCells.spark.emissionLongitude", "toValue": "180deg"}}}"#
        )
        #expect(a[0].animation.toValue == .number(.pi), "cell angles accept units in animations")
    }

    @Test func descriptionsBecomeCoreAnimationObjectsThatTheLayersAccept() throws {
        let scene = try loadScene(
            sceneWithLayer(
                #"""
                {"type": "emitter", "name": "e", "bounds": [0, 0, 100, 100],
                 "emitterCells": [{"name": "spark", "contents": "builtin:spark", "birthRate": 10, "lifetime": 1}],
                 "animations": {
                   "spin": {"type": "basic", "keyPath": "transform.rotation.z", "fromValue": 0, "toValue": "360deg", "duration": 2, "repeatCount": "infinity", "timingFunction": "linear"},
                   "colour": {"type": "keyframe", "keyPath": "backgroundColor", "values": ["blue", "red", "blue"], "keyTimes": [0, 0.5, 1], "timingFunctions": ["easeIn", [0.1, 0, 0.9, 1]], "duration": 4},
                   "follow": {"type": "keyframe", "keyPath": "position", "path": "M 0 150 C 75 0 225 300 300 150", "rotationMode": "auto", "beginTime": 1},
                   "bounce": {"type": "spring", "keyPath": "position.y", "toValue": 300, "damping": 5},
                   "both": {"type": "group", "duration": 3, "animations": [{"type": "basic", "keyPath": "opacity", "toValue": 0}, {"type": "basic", "keyPath": "emitterCells.spark.birthRate", "byValue": 20}]},
                   "swap": {"type": "transition", "transitionType": "push", "subtype": "fromLeft"}
                 }}
                """#))
        let layer = try #require(scene.layer(named: "e"))
        #expect(
            !layer.allowsImplicitAnimations && !scene.rootLayer.allowsImplicitAnimations,
            "scene layers never animate implicitly")
        try scene.addAnimations(sceneStartTime: 100)
        #expect(
            layer.animationKeys()?.count == 6,
            "every description is accepted by LayerKit's own validation: \(String(describing: layer.animationKeys()))")
        let spin = scene.animations[0].animation.makeAnimation()
        let basic = try #require(spin as? CABasicAnimation)
        #expect(basic.keyPath == "transform.rotation.z" && basic.repeatCount == .infinity && basic.duration == 2)
        #expect(
            basic.toValue as? LayerValue == .number(2 * .pi)
                && basic.timingFunction == CAMediaTimingFunction(name: .linear))
        let follow = try #require(
            scene.animations[2].animation.makeAnimation(sceneStartTime: 100) as? CAKeyframeAnimation)
        #expect(
            follow.beginTime == 101 && follow.rotationMode == .rotateAuto && follow.path?.elements.count == 2,
            "a scene beginTime counts from the scene's start")
        let colour = try #require(scene.animations[1].animation.makeAnimation() as? CAKeyframeAnimation)
        #expect(
            colour.keyTimes == [0, 0.5, 1]
                && colour.timingFunctions?.last == CAMediaTimingFunction(controlPoints: 0.1, 0, 0.9, 1))
        #expect((scene.animations[3].animation.makeAnimation() as? CASpringAnimation)?.damping == 5)
        #expect((scene.animations[4].animation.makeAnimation() as? CAAnimationGroup)?.animations?.count == 2)
        let swap = try #require(scene.animations[5].animation.makeAnimation() as? CATransition)
        #expect(swap.type == .push && swap.subtype == .fromLeft)
    }

    @Test func mistakesAreReportedWithTheirFix() {
        #expect(
            errors(
                sceneWithLayer(
                    #"{"animations": {"x": {"type": "basic", "keyPath": "opacity", "toValue": 0, "values": [1]}}}"#))
                == [
                    #"test.json:1:108: layers[0].animations.x.values: "values" does not apply to a basic animation; it belongs to "type": "keyframe""#
                ])
        #expect(
            errors(sceneWithLayer(#"{"animations": {"x": {"type": "basic", "keyPath": "opacity"}}}"#))
                == [
                    #"test.json:1:49: layers[0].animations.x: a basic animation needs "toValue" or "byValue" (and optionally "fromValue")"#
                ])
        #expect(
            errors(sceneWithLayer(#"{"animations": {"x": {"type": "basic", "keyPath": "position", "toValue": 5}}}"#))
                == ["test.json:1:95: layers[0].animations.x.toValue: expected a point [x, y], got 5"])
        #expect(
            errors(
                sceneWithLayer(
                    #"{"animations": {"x": {"type": "keyframe", "keyPath": "opacity", "path": "M 0 0 L 1 1"}}}"#))
                == [
                    #"test.json:1:97: layers[0].animations.x.path: "path" moves a point property such as "position"; "opacity" is a number"#
                ])
        #expect(
            errors(
                sceneWithLayer(
                    #"{"animations": {"x": {"type": "keyframe", "keyPath": "opacity", "values": [0, 1], "timingFunctions": ["easeIn", "bounce"]}}}"#
                ))
                == [
                    #"test.json:1:145: layers[0].animations.x.timingFunctions[1]: expected one of "linear", "easeIn", "easeOut", "easeInEaseOut", "default", got "bounce""#
                ])
        #expect(
            errors(
                sceneWithLayer(
                    #"{"type": "emitter", "emitterCells": [], "animations": {"x": {"type": "basic", "keyPath": "emitterCells.sprak.birthRate", "toValue": 1}}}"#
                ))
                == [
                    #"test.json:1:111: layers[0].animations.x.keyPath: no emitter cell named "sprak" for the key path "emitterCells.sprak.birthRate""#
                ])
        #expect(
            errors(sceneWithLayer(#"{"animations": {"x": {"keyPath": "opacity"}}}"#))
                == [
                    #"test.json:1:49: layers[0].animations.x: missing key "type"; add it, for example "type": "basic" (one of basic, keyframe, spring, group, transition)"#
                ])
    }
}
