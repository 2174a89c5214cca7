// A view written as for iOS, outside the Emitter package: a snow view whose layer is its emitter
// (`layerClass`), shown in a `UIWindow` and played without a display. It depends on the UIKitCompat product
// alone and imports only its modules (`UIKitCompat` where iOS has `UIKit`, and `QuartzCore`), so it builds on
// a machine without SDL2.
import QuartzCore
import UIKitCompat

final class SnowView: UIView {
    override class var layerClass: AnyClass { CAEmitterLayer.self }

    override init(frame: CGRect) {
        super.init(frame: frame)
        let emitter = layer as! CAEmitterLayer
        emitter.emitterShape = .line
        emitter.emitterPosition = CGPoint(x: frame.midX, y: 0)
        emitter.emitterSize = CGSize(width: frame.width, height: 1)
        let flake = CAEmitterCell()
        flake.birthRate = 20
        flake.lifetime = 10
        flake.velocity = 40
        flake.emissionLongitude = .pi
        flake.color = UIColor.white.cgColor
        emitter.emitterCells = [flake]
    }

    required init?(coder: NSCoder) { fatalError("no archives") }
}

let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
let snow = SnowView(frame: window.bounds)
window.addSubview(snow)
do {
    let runner = try HeadlessGameRunner(
        game: window, configuration: GameConfiguration(viewSize: window.bounds.size))
    let result = try runner.run(frames: 60)
    // 20 flakes a second with a lifetime of 10 s: after one second all 20 are alive.
    let live = runner.session.liveParticles(of: snow.layer as! CAEmitterLayer)
    print("ported prototype: \(result), live flakes \(live)")
    exit(live == 20 ? 0 : 1)
} catch {
    print("ported prototype: \(error)")
    exit(1)
}
