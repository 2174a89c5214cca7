import EmitterTestSupport
import Foundation
import Testing
import UIKitCompat

/// A view backed by an emitter layer, written as iOS code writes it.
private final class SparkView: UIView {
    override class var layerClass: AnyClass { CAEmitterLayer.self }
    override var layer: CAEmitterLayer { super.layer as! CAEmitterLayer }
    var layouts = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        let cell = CAEmitterCell()
        cell.birthRate = 120
        cell.lifetime = 10
        cell.velocity = 50
        cell.emissionLongitude = -.pi / 2
        cell.contents = BuiltinSprites.image(named: "softDot")
        layer.emitterCells = [cell]
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        layouts += 1
        layer.emitterPosition = CGPoint(x: bounds.midX, y: bounds.maxY)
    }
}

/// A layer class of the user's without `makeLayer(copying:)`.
private final class TintLayer: CALayer {}

private final class TintView: UIView {
    override class var layerClass: AnyClass { TintLayer.self }
}

/// UIView, UIWindow and UIViewController over the layer tree.
@Suite struct UIViewTests {
    @Test func geometryAndAppearanceAreTheLayers() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.layer.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(view.center == CGPoint(x: 60, y: 45) && view.layer.position == view.center)
        view.center = CGPoint(x: 100, y: 100)
        #expect(view.frame == CGRect(x: 50, y: 75, width: 100, height: 50))
        view.backgroundColor = UIColor.red.withAlphaComponent(0.5)
        view.alpha = 0.25
        view.isHidden = true
        view.clipsToBounds = true
        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(view.layer.backgroundColor == CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(view.backgroundColor == UIColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(view.layer.opacity == 0.25 && view.layer.isHidden && view.layer.masksToBounds)
        #expect(view.layer.transform.m11 == 2 && view.frame.width == 200)
        #expect(!view.layer.hasAnimations, "a view's layer never animates implicitly")
        #expect(UIView().frame == .zero)
    }

    @Test func subviewsAreSublayersInOrderAboveDirectSublayers() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let emitter = CAEmitterLayer()
        root.layer.addSublayer(emitter)
        let a = UIView(frame: .zero)
        let b = UIView(frame: .zero)
        let c = UIView(frame: .zero)
        root.addSubview(a)
        root.addSubview(b)
        root.insertSubview(c, belowSubview: b)
        #expect(root.subviews.map { ObjectIdentifier($0) } == [a, c, b].map { ObjectIdentifier($0) })
        #expect(
            root.layer.sublayers?.map { ObjectIdentifier($0) }
                == [emitter, a.layer, c.layer, b.layer].map { ObjectIdentifier($0) })
        root.bringSubviewToFront(a)
        #expect(root.subviews.last === a && root.layer.sublayers?.last === a.layer)
        b.addSubview(c)
        #expect(c.superview === b && !root.subviews.contains { $0 === c } && c.layer.superlayer === b.layer)
        #expect(c.isDescendant(of: root))
        c.removeFromSuperview()
        #expect(c.superview == nil && c.layer.superlayer == nil && b.subviews.isEmpty)
        a.tag = 7
        #expect(root.viewWithTag(7) === a)
    }

    @Test func layerClassBacksTheViewAndAClassOfYoursIsReported() {
        let spark = SparkView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(type(of: spark.layer) == CAEmitterLayer.self && spark.layer.emitterCells?.count == 1)
        var tint: TintView?
        let reports = uikitReports { tint = TintView(frame: .zero) }
        #expect(type(of: tint!.layer) == CALayer.self)
        #expect(
            reports.count == 1 && reports[0].contains("TintLayer") && reports[0].contains("makeLayer"), "\(reports)")
    }

    @Test func layoutSubviewsRunsWhenMarkedAndOncePerChange() {
        let spark = SparkView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        spark.layoutIfNeeded()
        #expect(spark.layouts == 1 && spark.layer.emitterPosition == CGPoint(x: 20, y: 40))
        spark.frame = CGRect(x: 0, y: 0, width: 80, height: 60)
        spark.layoutIfNeeded()
        spark.layoutIfNeeded()
        #expect(spark.layouts == 2 && spark.layer.emitterPosition == CGPoint(x: 40, y: 60))
        spark.setNeedsLayout()
        spark.layoutIfNeeded()
        #expect(spark.layouts == 3)
    }

    @Test func aWindowShowsItsViewsHeadlessAndLaysThemOutEachFrame() throws {
        let window = UIWindow(frame: .zero)
        let spark = SparkView(frame: CGRect(x: 0, y: 0, width: 160, height: 120))
        window.addSubview(spark)
        #expect(spark.window === window)
        let runner = try HeadlessGameRunner(
            game: window, configuration: GameConfiguration(viewSize: CGSize(width: 160, height: 120)))
        #expect(window.bounds.size == CGSize(width: 160, height: 120), "a zero window takes the view size")
        try runner.run(frames: 60)
        #expect(spark.layouts == 1, "laid out by the engine before the first frame, not again")
        #expect(spark.layer.emitterPosition == CGPoint(x: 80, y: 120))
        let live = runner.session.engine.simulation(of: spark.layer)?.aliveCount ?? 0
        #expect(abs(live - 120) <= 1, "120 births a second for one second: \(live)")
        let image = try runner.session.snapshot()
        var lit = 0
        for y in 0..<image.height { for x in 0..<image.width where image.pixel(x: x, y: y).r > 40 { lit += 1 } }
        #expect(lit > 100, "the sparks are drawn: \(lit) lit pixels")
    }

    @Test func aViewControllerLoadsOnceAndAppearsInAVisibleWindow() throws {
        final class Controller: UIViewController {
            var calls: [String] = []
            override func viewDidLoad() {
                super.viewDidLoad()
                calls.append("load")
                view.addSubview(UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)))
            }
            override func viewWillAppear(_ animated: Bool) { calls.append("willAppear") }
            override func viewDidAppear(_ animated: Bool) { calls.append("didAppear") }
            override func viewDidLayoutSubviews() { calls.append("layout") }
        }
        let controller = Controller()
        #expect(!controller.isViewLoaded)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.rootViewController = controller
        #expect(controller.calls == ["load"] && controller.view.superview === window)
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        window.makeKeyAndVisible()
        #expect(controller.calls == ["load", "willAppear", "didAppear", "layout"], "\(controller.calls)")
        #expect(controller.view.frame == window.bounds)
    }

    @Test @MainActor func archivedViewsAndControllersAreEmpty() throws {
        let view = try #require(UIView(coder: NSCoder()))
        #expect(view.frame == .zero && view.layer.delegate === view)
        #expect(UIViewController(coder: NSCoder()) != nil)
    }
}
