import Foundation
import LayerKit
import Testing

@testable import SceneFormat

/// Every value format of docs/Design.md §5 and docs/SceneFormat.md reads into the model value it describes.
@Suite struct ValueFormatTests {
    func layer(_ json: String) throws -> CALayer {
        let scene = try loadScene(sceneWithLayer(json))
        return try #require(scene.layers.first)
    }

    func cell(_ json: String) throws -> CAEmitterCell {
        let scene = try loadScene(sceneWithLayer("{\"type\": \"emitter\", \"emitterCells\": [\(json)]}"))
        return try #require((scene.layers.first as? CAEmitterLayer)?.emitterCells?.first)
    }

    @Test func anglesAcceptRadiansDegreesPiAndRad() throws {
        let c = try cell(
            #"{"contents": "builtin:softDot", "emissionLongitude": "-90deg", "emissionLatitude": "0.25pi", "emissionRange": "1.2rad", "spin": 2, "spinRange": "+45deg"}"#
        )
        #expect(abs(c.emissionLongitude + .pi / 2) < 1e-12, "\(c.emissionLongitude)")
        #expect(abs(c.emissionLatitude - .pi / 4) < 1e-12, "\(c.emissionLatitude)")
        #expect(c.emissionRange == 1.2)
        #expect(c.spin == 2)
        #expect(abs(c.spinRange - .pi / 4) < 1e-12, "\(c.spinRange)")
        #expect(
            errors(
                sceneWithLayer(
                    #"{"type": "emitter", "emitterCells": [{"contents": "builtin:softDot", "emissionLongitude": "90 deg"}]}"#
                ))
                == [
                    #"test.json:1:102: layers[0].emitterCells[0].emissionLongitude: expected an angle, got "90 deg"; an angle is a number in radians or a string such as "90deg", "0.5pi" or "1.2rad""#
                ])
        #expect(
            errors(sceneWithLayer(#"{"cornerRadius": "10deg"}"#))
                == [
                    #"test.json:1:34: layers[0].cornerRadius: expected a number, got "10deg"; this key is not an angle, so units are not accepted"#
                ])
    }

    @Test func infinityIsAcceptedWhereCoreAnimationTakesIt() throws {
        let c = try cell(
            #"{"contents": "builtin:softDot", "repeatCount": "infinity", "repeatDuration": "infinity", "duration": "infinity"}"#
        )
        #expect(c.repeatCount == .infinity && c.repeatDuration == .infinity && c.duration == .infinity)
        #expect(
            errors(sceneWithLayer(#"{"cornerRadius": "infinity"}"#))
                == [
                    #"test.json:1:34: layers[0].cornerRadius: expected a number, got "infinity"; this key does not accept infinity"#
                ])
        #expect(
            errors(sceneWithLayer(#"{"repeatCount": "Infinity"}"#))
                == [
                    #"test.json:1:34: layers[0].repeatCount: expected a number or "infinity", got "Infinity"; write "infinity" in lower case"#
                ])
    }

    @Test func pointsSizesAndRectsSetGeometry() throws {
        let l = try layer(#"{"bounds": [0, 0, 100, 50], "position": [10, 20, 5], "anchorPoint": [0, 0.5]}"#)
        #expect(l.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(l.position == CGPoint(x: 10, y: 20) && l.zPosition == 5, "[x, y, z] sets zPosition")
        #expect(l.anchorPoint == CGPoint(x: 0, y: 0.5))
        let framed = try layer(#"{"anchorPoint": [0, 0], "frame": [100, 100, 100, 100]}"#)
        #expect(
            framed.position == CGPoint(x: 100, y: 100),
            "the book's anchor example: frame origin (100,100) with anchor (0,0)")
        #expect(framed.frame == CGRect(x: 100, y: 100, width: 100, height: 100))
        #expect(try layer(#"{"shadowOffset": [0, 5]}"#).shadowOffset == CGSize(width: 0, height: 5))
        #expect(
            errors(sceneWithLayer(#"{"position": [1, 2, 3], "zPosition": 4}"#))
                == [
                    #"test.json:1:57: layers[0].zPosition: "zPosition" is also given as the third coordinate of "position"; keep one"#
                ])
        #expect(
            errors(sceneWithLayer(#"{"bounds": [0, 0, -1, 5]}"#))
                == ["test.json:1:34: layers[0].bounds: width and height must be ≥ 0, got [0, 0, -1, 5]"])
    }

    @Test func coloursAcceptArraysHexAndUIKitNames() throws {
        let l = try layer(
            ##"{"backgroundColor": [1, 0.5, 0, 1], "borderColor": "#ff8000", "shadowColor": "#ff800080"}"##)
        #expect(l.backgroundColor == CGColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        #expect(l.borderColor == CGColor(red: 1, green: 128.0 / 255, blue: 0, alpha: 1))
        #expect(l.shadowColor == CGColor(red: 1, green: 128.0 / 255, blue: 0, alpha: 128.0 / 255))
        #expect(try layer(#"{"backgroundColor": "orange"}"#).backgroundColor == UIColor.orange.cgColor)
        #expect(
            try layer(#"{"backgroundColor": [0.2, 0.4, 0.6]}"#).backgroundColor
                == CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1),
            "three components: opaque")
        #expect(try layer(#"{"borderColor": null}"#).borderColor == nil, "null clears an optional colour")
        #expect(
            errors(
                sceneWithLayer(
                    #"{"type": "emitter", "emitterCells": [{"contents": "builtin:softDot", "color": null}]}"#))
                == [
                    "test.json:1:102: layers[0].emitterCells[0].color: null is not allowed for \"color\"; remove the key to keep the default ([1, 1, 1, 1])"
                ])
    }

    @Test func gradientColoursLocationsAndType() throws {
        let g = try #require(
            try layer(
                #"{"type": "gradient", "colors": ["red", "orange", "blue"], "locations": [0, 0.1, 0.7], "startPoint": [0, 0], "endPoint": [1, 1], "gradientType": "radial"}"#
            ) as? CAGradientLayer)
        #expect(g.colors == [UIColor.red.cgColor, UIColor.orange.cgColor, UIColor.blue.cgColor])
        #expect(g.locations == [0, 0.1, 0.7])
        #expect(g.type == .radial, "gradientType sets CAGradientLayer.type")
        #expect(
            errors(sceneWithLayer(#"{"type": "radial"}"#)).first?.hasSuffix(
                #"got "radial"; the gradient's own type is "gradientType": "radial" in a layer of "type": "gradient""#)
                == true)
    }

    @Test func transformOperationsApplyInTheOrderWritten() throws {
        let l = try layer(#"{"transform": [{"translate": [0, -50]}, {"rotate": "90deg"}, {"translate": [0, 50]}]}"#)
        let p = l.transform.apply(x: 0, y: 0, z: 0)
        #expect(
            abs(p.x - 50) < 1e-9 && abs(p.y - 50) < 1e-9,
            "(0,0) moves up 50, turns a quarter clockwise about the origin to (50,0), then down 50: \(p)")
        let coreAnimation = CATransform3DTranslate(
            CATransform3DRotate(CATransform3DMakeTranslation(0, 50, 0), .pi / 2, 0, 0, 1), 0, -50, 0)
        #expect(
            l.transform.rowMajor.enumerated().allSatisfy {
                abs($0.element - coreAnimation.rowMajor[$0.offset]) < 1e-12
            },
            "the list reads the Core Animation calls from the inside out: \(l.transform) vs \(coreAnimation)")
        let s = try layer(
            #"{"sublayerTransform": [{"rotate": ["45deg", 0, 1, 0]}, {"scale": [2, 3]}, {"scale": 0.5}, {"perspective": 500}]}"#
        )
        let expected = CATransform3DConcat(
            CATransform3DConcat(
                CATransform3DConcat(
                    CATransform3DMakeRotation(.pi / 4, 0, 1, 0),
                    CATransform3DMakeScale(2, 3, 1)), CATransform3DMakeScale(0.5, 0.5, 1)),
            {
                var t = CATransform3DIdentity
                t.m34 = -1.0 / 500
                return t
            }())
        #expect(s.sublayerTransform == expected)
        let m = try layer(#"{"transform": {"matrix": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 10, 20, 30, 1]}}"#)
        #expect(m.transform.m34 == -0.002 && m.transform.m41 == 10 && m.transform.m43 == 30)
        #expect(try layer(#"{"transform": []}"#).transform == CATransform3DIdentity, "an empty list is the identity")
    }

    @Test func replicatorRingOfTheBook() throws {
        let r = try #require(
            try layer(
                #"{"type": "replicator", "instanceCount": 10, "instanceTransform": [{"translate": [0, -50]}, {"rotate": "36deg"}, {"translate": [0, 50]}], "instanceBlueOffset": -0.1, "instanceGreenOffset": -0.1}"#
            ) as? CAReplicatorLayer)
        #expect(r.instanceCount == 10 && r.instanceBlueOffset == -0.1 && r.instanceGreenOffset == -0.1)
        var t = CATransform3DIdentity
        for _ in 0..<10 { t = CATransform3DConcat(t, r.instanceTransform) }
        #expect(
            t.rowMajor.enumerated().allSatisfy { abs($0.element - CATransform3DIdentity.rowMajor[$0.offset]) < 1e-9 },
            "10 × 36° closes the circle: \(t)")
    }

    @Test func pathStringsCoverEveryCommand() throws {
        func path(_ d: String) throws -> [CGPathElement] {
            let shape = try #require(try layer("{\"type\": \"shape\", \"path\": \"\(d)\"}") as? CAShapeLayer)
            return try #require(shape.path).elements
        }
        #expect(
            try path("M 0 0 L 100 0 H 150 V 20 Z") == [
                .moveToPoint(CGPoint(x: 0, y: 0)), .addLineToPoint(CGPoint(x: 100, y: 0)),
                .addLineToPoint(CGPoint(x: 150, y: 0)), .addLineToPoint(CGPoint(x: 150, y: 20)), .closeSubpath,
            ])
        #expect(
            try path("m10,10 l5-5 h5 v5 z") == [
                .moveToPoint(CGPoint(x: 10, y: 10)), .addLineToPoint(CGPoint(x: 15, y: 5)),
                .addLineToPoint(CGPoint(x: 20, y: 5)), .addLineToPoint(CGPoint(x: 20, y: 10)), .closeSubpath,
            ])
        #expect(
            try path("M 0 0 1 1 2 2") == [
                .moveToPoint(.zero), .addLineToPoint(CGPoint(x: 1, y: 1)), .addLineToPoint(CGPoint(x: 2, y: 2)),
            ],
            "pairs after a move are lines")
        #expect(
            try path("M 0 150 C 75 0 225 300 300 150") == [
                .moveToPoint(CGPoint(x: 0, y: 150)),
                .addCurveToPoint(CGPoint(x: 75, y: 0), CGPoint(x: 225, y: 300), CGPoint(x: 300, y: 150)),
            ], "the book's path-follow curve")
        #expect(
            try path("M 0 0 C 0 10 10 10 10 0 S 20 -10 20 0") == [
                .moveToPoint(.zero),
                .addCurveToPoint(CGPoint(x: 0, y: 10), CGPoint(x: 10, y: 10), CGPoint(x: 10, y: 0)),
                .addCurveToPoint(CGPoint(x: 10, y: -10), CGPoint(x: 20, y: -10), CGPoint(x: 20, y: 0)),
            ], "S reflects the last control point")
        #expect(
            try path("M 0 0 Q 5 10 10 0 T 20 0") == [
                .moveToPoint(.zero), .addQuadCurveToPoint(CGPoint(x: 5, y: 10), CGPoint(x: 10, y: 0)),
                .addQuadCurveToPoint(CGPoint(x: 15, y: -10), CGPoint(x: 20, y: 0)),
            ])
        let arc = try path("M 10 0 A 10 10 0 0 1 0 10")
        let k = 4.0 / 3.0 * tan(Double.pi / 8) * 10
        guard arc.count == 2, case .addCurveToPoint(let c1, let c2, let end) = arc[1] else {
            Issue.record("a quarter arc is one cubic: \(arc)")
            return
        }
        #expect(
            abs(c1.x - 10) < 1e-9 && abs(c1.y - k) < 1e-9 && abs(c2.x - k) < 1e-9 && abs(c2.y - 10) < 1e-9
                && end == CGPoint(x: 0, y: 10),
            "sweep 1 turns clockwise on screen about (0,0): \(arc)")
        #expect(try path("M 0 0 a5 5 0 011 1").count == 2, "packed arc flags")
        let rounded = try #require(
            try layer(#"{"type": "shape", "path": {"roundedRect": [50, 50, 100, 100], "cornerRadius": 20}}"#)
                as? CAShapeLayer)
        #expect(
            rounded.path
                == CGPath(roundedRect: CGRect(x: 50, y: 50, width: 100, height: 100), cornerWidth: 20, cornerHeight: 20)
        )
        let ellipse = try #require(
            try layer(#"{"type": "shape", "shadowPath": {"ellipseIn": [0, 0, 10, 20]}}"#) as? CAShapeLayer)
        #expect(ellipse.shadowPath == CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 20)))
    }

    @Test func imagesArePathsRelativeToTheSceneOrBuiltins() throws {
        let l = try layer(#"{"contents": "../assets/crate.png", "contentsGravity": "resizeAspect"}"#)
        #expect(l.contents?.width == 64 && l.contentsGravity == .resizeAspect)
        let digits = try layer(
            #"{"contents": "builtin:digits", "contentsRect": [0.3, 0, 0.1, 1], "magnificationFilter": "nearest"}"#)
        #expect(
            digits.contents === BuiltinSprites.image(named: "digits")
                && abs(digits.contentsRect.minX - BuiltinSprites.digitContentsRect(3).minX) < 1e-12)
        #expect(
            errors(sceneWithLayer(#"{"contents": "../assets/crate.png"}"#), base: nil)
                == [
                    #"test.json:1:34: layers[0].contents: the scene was loaded from memory without a base directory, so "../assets/crate.png" cannot be found; load it from a file or pass baseDirectory"#
                ])
        #expect(
            errors(sceneWithLayer(#"{"contents": "assets\\crate.png"}"#)) == [
                #"test.json:1:34: layers[0].contents: "assets\\crate.png" uses '\'; separate folders with '/'"#
            ])
    }

    @Test func aliasesSetTheSwiftPropertyOnce() throws {
        #expect(try layer(#"{"hidden": true}"#).isHidden)
        #expect(try layer(#"{"isGeometryFlipped": true}"#).isGeometryFlipped)
        #expect(
            errors(sceneWithLayer(#"{"isHidden": true, "hidden": false}"#))
                == [
                    #"test.json:1:52: layers[0].hidden: "hidden" sets the same property as the key at line 1, column 34; keep one"#
                ])
    }

    @Test func integersBooleansStringsAndEnumerations() throws {
        let e = try #require(
            try layer(
                #"{"type": "emitter", "seed": 42, "maxParticles": 500, "preservesDepth": true, "emitterMode": "outline", "rangeSemantics": "halfWidth", "emitterCells": [{"contents": "builtin:star", "name": "s", "isEnabled": false}]}"#
            ) as? CAEmitterLayer)
        #expect(
            e.seed == 42 && e.maxParticles == 500 && e.preservesDepth && e.emitterMode == .outline
                && e.rangeSemantics == .halfWidth)
        #expect(e.emitterCells?.first?.isEnabled == false && e.emitterCells?.first?.name == "s")
        #expect(
            errors(sceneWithLayer(#"{"type": "emitter", "seed": 1.5, "emitterCells": []}"#))
                == ["test.json:1:53: layers[0].seed: expected an integer, got 1.5"])
        #expect(
            errors(sceneWithLayer(#"{"type": "emitter", "seed": -1, "emitterCells": []}"#))
                == ["test.json:1:53: layers[0].seed: expected an integer in 0…4294967295, got -1"])
        let t = try #require(
            try layer(
                #"{"type": "text", "string": "12:00", "fontSize": 24, "alignmentMode": "center", "isWrapped": true, "font": "DejaVu Sans"}"#
            ) as? CATextLayer)
        #expect(
            t.string == "12:00" && t.fontSize == 24 && t.alignmentMode == .center && t.isWrapped
                && t.font == "DejaVu Sans")
        let s = try #require(try layer(#"{"type": "scroll", "scrollMode": "vertically"}"#) as? CAScrollLayer)
        #expect(s.scrollMode == .vertically)
        let shape = try #require(
            try layer(
                #"{"type": "shape", "path": "M 0 0 L 10 10", "lineWidth": 5, "lineCap": "round", "lineJoin": "round", "fillRule": "even-odd", "lineDashPattern": [4, 2], "strokeColor": "red", "fillColor": null, "strokeEnd": 0.5}"#
            ) as? CAShapeLayer)
        #expect(
            shape.lineWidth == 5 && shape.lineCap == .round && shape.lineJoin == .round && shape.fillRule == .evenOdd)
        #expect(
            shape.lineDashPattern == [4, 2] && shape.fillColor == nil && shape.strokeEnd == 0.5
                && shape.strokeColor == UIColor.red.cgColor)
        #expect(try #require(try layer(#"{"type": "transform"}"#) as? CATransformLayer).flattensSublayers == false)
    }

    @Test func sublayersMasksAndNamesBuildTheTree() throws {
        let scene = try loadScene(
            sceneWithLayer(
                #"{"name": "root", "sublayers": [{"name": "a"}, {"name": "b", "sublayers": [{"name": "c"}]}], "mask": {"type": "shape", "name": "m", "path": "M 0 0 L 1 1"}}"#
            ))
        let root = try #require(scene.layer(named: "root"))
        #expect(root.sublayers?.map { $0.name } == ["a", "b"])
        #expect(scene.layer(named: "c")?.superlayer === scene.layer(named: "b"))
        #expect(root.mask?.name == "m" && root.mask is CAShapeLayer)
    }

    @Test func keysOfOtherLayerTypesAndCellsAreExplained() throws {
        #expect(
            errors(sceneWithLayer(#"{"emitterShape": "line"}"#))
                == [
                    #"test.json:1:34: layers[0].emitterShape: unknown key "emitterShape" in a layer; it belongs to layers of "type": "emitter""#
                ])
        #expect(
            errors(sceneWithLayer(#"{"type": "emitter", "velocityRange": 5, "emitterCells": []}"#))
                == [
                    #"test.json:1:53: layers[0].velocityRange: unknown key "velocityRange" in an emitter layer; it is a key of emitter cells: put it in a cell object of "emitterCells""#
                ])
        #expect(
            errors(
                sceneWithLayer(
                    #"{"type": "emitter", "emitterCells": [{"contents": "builtin:ring", "renderMode": "additive"}]}"#))
                == [
                    #"test.json:1:99: layers[0].emitterCells[0].renderMode: unknown key "renderMode" in an emitter cell; it is a key of the emitter layer, not of its cells"#
                ])
    }

    @Test func hugeValuesAreRefusedBeforeTheyOverflowTheEngine() {
        #expect(
            errors(
                sceneWithLayer(
                    #"{"type": "emitter", "emitterCells": [{"contents": "builtin:softDot", "lifetime": 1, "birthRate": 1e300}]}"#
                ))
                == [
                    "test.json:1:117: layers[0].emitterCells[0].birthRate: 1e300 is too large; numbers in scenes are at most 1e12 in size"
                ],
            "1e300 would become an infinite Float")
        #expect(
            errors(sceneWithLayer(#"{"type": "replicator", "instanceCount": 1000000}"#))
                == ["test.json:1:56: layers[0].instanceCount: expected an integer in 0…10000, got 1000000"])
        #expect(
            errors(sceneWithLayer(#"{"transform": [{"perspective": 1e-13}]}"#))
                == [
                    "test.json:1:34: layers[0].transform: the transform's entries grow beyond 1e12 (the operations overflow); use smaller scales or a larger perspective distance"
                ])
        #expect(
            errors(sceneWithLayer(#"{"shadowRadius": 1e9}"#))
                == ["test.json:1:34: layers[0].shadowRadius: expected a number in 0…1000, got 1e9"],
            "a blur radius that would stall the compositor")
        #expect(
            errors(sceneWithLayer(#"{"repeatDuration": 1e13}"#))
                == [
                    #"test.json:1:34: layers[0].repeatDuration: 1e13 is too large; numbers in scenes are at most 1e12 in size (write "infinity" for no limit)"#
                ])
    }

    @Test func fullWidthDigitsAreNotHexadecimal() {
        #expect(
            errors(sceneWithLayer(##"{"backgroundColor": "#ＡＡＡ"}"##))
                == [
                    ##"test.json:1:34: layers[0].backgroundColor: bad colour "#ＡＡＡ"; write "#rrggbb" or "#rrggbbaa" with hexadecimal digits"##
                ],
            "Character.isHexDigit accepts full-width letters that CGColor(hexString:) cannot convert")
    }

    @Test func warningsDoNotStopTheLoad() throws {
        let scene = try loadScene(sceneWithLayer(#"{"type": "emitter", "emitterCells": [{"birthRate": 10}]}"#))
        #expect(
            scene.warnings.map(\.description) == [
                #"test.json:1:70: layers[0].emitterCells[0]: warning: this cell has no "contents" and no "emitterCells", so its particles draw nothing; set "contents", for example "builtin:softDot""#,
                #"test.json:1:70: layers[0].emitterCells[0]: warning: this cell's particles die as they are born ("lifetime" defaults to 0); set "lifetime" in seconds"#,
            ])
    }
}
