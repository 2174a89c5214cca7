import Foundation
import Testing

@testable import LayerKit

// MARK: - Subclasses written as on iOS (they must compile unchanged)

/// The shape of piemonte/Twinkle's TwinkleLayer: its own initialiser, `required init?(coder:)` and
/// `override init(layer:)`, but no `override init()`.
private final class ConfiguredEmitterLayer: CAEmitterLayer {
    let sparkle: CGFloat

    init(sparkle: CGFloat) {
        self.sparkle = sparkle
        super.init()
        emitterShape = .circle
    }

    required init?(coder aDecoder: NSCoder) {
        sparkle = 0
        super.init(coder: aDecoder)
    }

    override init(layer: Any) {
        sparkle = (layer as? ConfiguredEmitterLayer)?.sparkle ?? 0
        super.init(layer: layer)
    }
}

/// Xcode's template for a layer subclass: all three initialisers, `init(coder:)` left fatal, plus layout
/// and display overrides.
private final class GaugeLayer: CALayer {
    var level: CGFloat = 0
    var layouts = 0
    var displays = 0
    let needle = CALayer()

    override init() {
        super.init()
        addSublayer(needle)
    }

    override init(layer: Any) {
        level = (layer as? GaugeLayer)?.level ?? 0
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSublayers() {
        super.layoutSublayers()
        layouts += 1
        needle.frame = CGRect(x: 0, y: 0, width: bounds.width * level, height: bounds.height)
    }

    override func display() {
        displays += 1
        contents = BuiltinSprites.image(named: "softDot")
    }

    /// Opts into copies of its own class (see `CALayer.makeLayer(copying:)`).
    override class func makeLayer(copying layer: CALayer?) -> CALayer {
        layer.map { GaugeLayer(layer: $0) } ?? GaugeLayer()
    }
}

/// A subclass that declares no initialiser at all.
private final class PlainSubclass: CALayer {
    var note = "plain"
}

@Suite struct LayerSubclassTests {
    @Test func subclassesWrittenForIOSCompileAndKeepTheirInitialisers() {
        let twinkle = ConfiguredEmitterLayer(sparkle: 0.5)
        #expect(twinkle.emitterShape == .circle && twinkle.sparkle == 0.5)
        let gauge = GaugeLayer()
        #expect(gauge.sublayers?.count == 1)
        #expect(PlainSubclass().note == "plain")
    }

    @Test func presentationCopiesAreTheNearestLayerKitClassUnlessTheSubclassMakesItsOwn() {
        let twinkle = ConfiguredEmitterLayer(sparkle: 0.5)
        twinkle.birthRate = 3
        let copy = twinkle.makePresentationTree(atTime: 0)
        #expect(type(of: copy) == CAEmitterLayer.self, "copied as CAEmitterLayer, which draws the same")
        #expect((copy as? CAEmitterLayer)?.birthRate == 3 && (copy as? CAEmitterLayer)?.emitterShape == .circle)
        #expect(twinkle.presentation() == nil, "not of its class: nil, as documented")

        let gauge = GaugeLayer()
        gauge.level = 0.25
        let gaugeCopy = gauge.presentation()
        #expect(gaugeCopy?.level == 0.25, "makeLayer(copying:) gives copies of its own class through init(layer:)")
        #expect(CALayer.defaultValue(forKey: "opacity") as? Float == 1)
    }

    @Test func layoutRunsOnceWhenMarkedByBoundsOrSublayersAndOnRequest() {
        let root = CALayer()
        let gauge = GaugeLayer()
        gauge.level = 0.5
        root.addSublayer(gauge)
        #expect(root.needsLayout(), "adding a sublayer asks the superlayer for layout")
        root.layoutIfNeeded()
        #expect(gauge.layouts == 1 && !gauge.needsLayout() && !root.needsLayout())

        gauge.bounds = CGRect(x: 0, y: 0, width: 200, height: 10)
        #expect(gauge.needsLayout(), "a new bounds size asks for layout")
        gauge.position = CGPoint(x: 5, y: 5)
        root.layoutSubtreeIfNeeded()
        #expect(gauge.layouts == 2 && gauge.needle.frame.width == 100)

        gauge.bounds = CGRect(x: 10, y: 0, width: 200, height: 10)
        root.layoutIfNeeded()
        #expect(gauge.layouts == 2, "moving the bounds origin keeps the size: no layout")

        gauge.setNeedsLayout()
        gauge.setNeedsLayout()
        gauge.layoutIfNeeded()
        gauge.layoutIfNeeded()
        #expect(gauge.layouts == 3, "marked twice, laid out once")
    }

    @Test func superlayersAreLaidOutBeforeTheirSublayers() {
        final class Recording: CALayer {
            var log: (String) -> Void = { _ in }
            override func layoutSublayers() { log(name ?? "?") }
        }
        var order: [String] = []
        let outer = Recording()
        let inner = Recording()
        outer.name = "outer"
        inner.name = "inner"
        outer.log = { order.append($0) }
        inner.log = { order.append($0) }
        outer.addSublayer(inner)
        inner.setNeedsLayout()
        inner.layoutIfNeeded()
        #expect(order == ["outer", "inner"], "layoutIfNeeded starts at the highest superlayer that needs layout")
    }

    @Test func aLayoutThatMarksItselfAgainStopsAfterTheLimit() {
        final class Restless: CALayer {
            var count = 0
            override func layoutSublayers() {
                count += 1
                bounds.size.width += 1
            }
        }
        let layer = Restless()
        layer.setNeedsLayout()
        #expect(layer.layoutSubtreeIfNeeded() == CALayer.maximumLayoutPasses)
        #expect(layer.count == CALayer.maximumLayoutPasses && !layer.needsLayout())
    }

    @Test func displayOverrideRunsWhenMarked() {
        let gauge = GaugeLayer()
        gauge.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        #expect(!gauge.needsDisplay())
        gauge.setNeedsDisplay()
        #expect(gauge.needsDisplay())
        gauge.displayIfNeeded()
        #expect(gauge.displays == 1 && !gauge.needsDisplay() && gauge.contents != nil)
    }

    @Test @MainActor func layersMadeFromArchivesHaveDefaultValues() throws {
        let layer = try #require(CALayer(coder: NSCoder()))
        #expect(layer.opacity == 1 && layer.bounds == .zero)
    }
}
