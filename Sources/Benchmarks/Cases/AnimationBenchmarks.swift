import Foundation
import LayerKit

extension BenchmarkRegistry {
    /// The per-frame costs of the time model: building the presentation tree, and writing properties
    /// with actions disabled (how the engine moves physics-driven layers).
    static let animation: [Benchmark] = [
        Benchmark(
            name: "animation.presentationTree.500",
            unit: "one presentation tree of 500 layers, a third of them animated",
            reference: "copying the same 500 layers through the public API, no animations",
            goal: "≤ 2 ms per frame (12 % of a 60 Hz frame)", maximumMilliseconds: 2
        ) { scale in
            let root = AnimationBenchmarkScene.makeTree(layers: scale == .full ? 500 : 20)
            var time = 0.0
            return Benchmark.Workload(
                engine: {
                    time += 1.0 / 60.0
                    AnimationBenchmarkScene.keep(root.makePresentationTree(atTime: time))
                },
                reference: { AnimationBenchmarkScene.keep(AnimationBenchmarkScene.copyTree(root)) })
        },
        Benchmark(
            name: "animation.writes.actionsDisabled.10k",
            unit: "10,000 position writes to shown layers inside CATransaction.setDisableActions(true)",
            reference: "the same writes to layers that opt out (allowsImplicitAnimations = false)",
            goal: "≤ 1.5 × the opted-out writes", maximumRatio: 1.5
        ) { scale in
            let count = scale == .full ? 10_000 : 100
            let shown = AnimationBenchmarkScene.makeLayers(100, implicit: true)
            let optedOut = AnimationBenchmarkScene.makeLayers(100, implicit: false)
            return Benchmark.Workload(
                engine: {
                    CATransaction.begin()
                    CATransaction.setDisableActions(true)
                    AnimationBenchmarkScene.write(count, to: shown)
                    CATransaction.commit()
                },
                reference: { AnimationBenchmarkScene.write(count, to: optedOut) })
        },
    ]
}

/// Scenes and loops of the animation benchmarks.
enum AnimationBenchmarkScene {
    /// A root with containers of 50 leaves; every third leaf has a repeating position and opacity animation.
    static func makeTree(layers: Int) -> CALayer {
        let root = CALayer()
        var container = CALayer()
        for i in 0..<layers {
            if i % 50 == 0 {
                container = CALayer()
                root.addSublayer(container)
            }
            let leaf = CALayer()
            leaf.bounds = CGRect(x: 0, y: 0, width: 16, height: 16)
            leaf.position = CGPoint(x: i % 40 * 20, y: i / 40 * 20)
            leaf.backgroundColor = UIColor.orange.cgColor
            if i % 3 == 0 {
                let move = CABasicAnimation(keyPath: "position.y")
                move.byValue = 30
                move.duration = 1
                move.autoreverses = true
                move.repeatCount = .infinity
                let fade = CAKeyframeAnimation(keyPath: "opacity")
                fade.values = [1, 0.2, 1]
                fade.duration = 2
                fade.repeatCount = .infinity
                leaf.add(move, forKey: "move")
                leaf.add(fade, forKey: "fade")
            }
            container.addSublayer(leaf)
        }
        return root
    }

    /// Plain copies of every layer of the tree, linked the same way.
    static func copyTree(_ layer: CALayer) -> CALayer {
        let copy = type(of: layer).makeLayer(copying: layer)
        copy.sublayers = layer.sublayers?.map(copyTree)
        return copy
    }

    /// `n` layers that have been shown once (so that they look up actions unless they opt out).
    static func makeLayers(_ n: Int, implicit: Bool) -> [CALayer] {
        let root = CALayer()
        for _ in 0..<n {
            let l = CALayer()
            l.allowsImplicitAnimations = implicit
            root.addSublayer(l)
        }
        root.makePresentationTree(atTime: 0)
        return root.sublayers ?? []
    }

    /// Writes `count` positions round-robin into `layers`.
    @inline(never)
    static func write(_ count: Int, to layers: [CALayer]) {
        var x: CGFloat = 0
        for i in 0..<count {
            x += 1
            layers[i % layers.count].position = CGPoint(x: x, y: x)
        }
    }

    /// Keeps a result alive so the optimiser cannot drop the work.
    @inline(never)
    static func keep(_ layer: CALayer) { if layer.sublayers?.count == -1 { print(layer) } }
}
