import EmitterKit
import Foundation
import PathGeometry
import Typesetting

@testable import Compositor
@testable import ImageCodec
@testable import Particles
@testable import SceneFormat

/// The value of every constant docs/Limits.md names, and a way to make each documented message
/// happen, so that the table is checked against what the engine really does.
enum LimitTriggers {
    /// Constant name → value. Limits written inline as value ranges are probed through the loader.
    static let values: [String: Double] = [
        "SceneLoader.maximumFileSize": Double(SceneLoader.maximumFileSize),
        "SceneLoader.maximumNestingDepth": Double(SceneLoader.maximumNestingDepth),
        "SceneLoader.maximumLayerCount": Double(SceneLoader.maximumLayerCount),
        "SceneLoader.maximumReplicatedInstances": Double(SceneLoader.maximumReplicatedInstances),
        "SceneLoader.maximumCellDepth": Double(SceneLoader.maximumCellDepth),
        "SceneLoader.maximumBirthRateProduct": SceneLoader.maximumBirthRateProduct,
        "SceneLoader.maximumBodyCount": Double(SceneLoader.maximumBodyCount),
        "SceneLoader.maximumTotalParticles": Double(SceneLoader.maximumTotalParticles),
        "RenderTreeBuilder.maxInstances": Double(RenderTreeBuilder.maxInstances),
        "RenderTreeBuilder.maxInstanceProduct": Double(RenderTreeBuilder.maxInstanceProduct),
        "RenderTreeBuilder.maxDepth": Double(RenderTreeBuilder.maxDepth),
        "CGImage.maximumDimension": Double(CGImage.maximumDimension),
        "CGImage.maximumPixelCount": Double(CGImage.maximumPixelCount),
        "PNGCodec.maximumDeflateRatio": Double(PNGCodec.maximumDeflateRatio),
        "EmitterSimulation.particleCeiling": Double(EmitterSimulation.particleCeiling),
        "EmitterSimulation.maximumCellDepth": Double(EmitterSimulation.maximumCellDepth),
        "EmitterSimulation.maximumPrewarmSteps": Double(EmitterSimulation.maximumPrewarmSteps),
        "PhysicsLimits.maximumMagnitude": PhysicsLimits.maximumMagnitude,
        "PathFlattener.maximumPointCount": Double(PathFlattener.maximumPointCount),
        "DashPattern.maximumDashCount": Double(DashPattern.maximumDashCount),
        "TextRenderer.maximumPixelSize": Double(TextRenderer.maximumPixelSize),
        "DecodingContext.maximumDiagnostics": Double(DecodingContext.maximumDiagnostics),
        "maxParticlesRange": Double(
            probeUpperBound { "{\"type\": \"emitter\", \"maxParticles\": \($0), \"emitterCells\": []}" }),
        "maxBodiesRange": Double(
            probeUpperBound {
                "{\"type\": \"emitter\", \"emitterCells\": [{\"birthRate\": 1, \"lifetime\": 1, \"contents\": \"builtin:softDot\", \"physics\": {\"mode\": \"body\", \"maxBodies\": \($0)}}]}"
            }),
        "displaySideLimit": Double(probeUpperBound(display: true) { "{\"type\": \"layer\", \"name\": \"x\($0)\"}" }),
    ]

    /// The largest value the loader accepts in a layer built by `layer`, among the documented
    /// candidates (each accepted and the next one refused).
    static func probeUpperBound(display: Bool = false, _ layer: (Int) -> String) -> Int {
        let candidates = [1_000, 10_000, 16_384, 100_000, 1_000_000, 10_000_000]
        func loads(_ v: Int) -> Bool {
            let size = display ? "[\(v), 10]" : "[100, 100]"
            let json = "{\"schemaVersion\": 1, \"display\": {\"size\": \(size)}, \"layers\": [\(layer(v))]}"
            return (try? SceneLoader.load(data: Data(json.utf8), sourceName: "probe.json", baseDirectory: nil)) != nil
        }
        return candidates.first { loads($0) && !loads($0 + 1) } ?? -1
    }

    // MARK: - Messages

    /// The error messages of loading `json` (the diagnostics' messages, without file and place).
    static func loadErrors(_ json: String) -> [String] {
        do {
            _ = try SceneLoader.load(data: Data(json.utf8), sourceName: "limits.json", baseDirectory: nil)
            return []
        } catch let error as SceneError {
            return error.errors.map(\.message)
        } catch {
            return ["\(error)"]
        }
    }

    /// A scene with `layers` (a JSON list body).
    static func scene(_ layers: String, extra: String = "") -> String {
        "{\"schemaVersion\": 1\(extra), \"layers\": [\(layers)]}"
    }

    /// A chain of `depth` cells, each emitting the next, at `rate` per second.
    static func cellChain(depth: Int, rate: Double) -> String {
        var cell =
            "{\"name\": \"c\(depth)\", \"birthRate\": \(rate), \"lifetime\": 1, \"contents\": \"builtin:softDot\"}"
        if depth > 1 {
            for k in stride(from: depth - 1, through: 1, by: -1) {
                cell = "{\"name\": \"c\(k)\", \"birthRate\": \(rate), \"lifetime\": 1, \"emitterCells\": [\(cell)]}"
            }
        }
        return "{\"type\": \"emitter\", \"emitterCells\": [\(cell)]}"
    }

    /// The messages each limit produces, by the constant of its row.
    static func messages(for constant: String) throws -> [String] {
        switch constant {
        case "SceneLoader.maximumFileSize":
            let folder = try temporaryFolder("limits")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let path = folder + "/big.json"
            try Data(count: SceneLoader.maximumFileSize + 1).write(to: URL(fileURLWithPath: path))
            do {
                _ = try SceneLoader.load(path: path)
                return []
            } catch let e as SceneError { return e.errors.map(\.message) }
        case "SceneLoader.maximumNestingDepth":
            return loadErrors(scene(String(repeating: "[", count: 200) + String(repeating: "]", count: 200)))
        case "SceneLoader.maximumLayerCount":
            let layers = Array(repeating: "{}", count: SceneLoader.maximumLayerCount + 1).joined(separator: ",")
            return loadErrors(scene(layers))
        case "RenderTreeBuilder.maxInstances":
            return loadErrors(scene("{\"type\": \"replicator\", \"instanceCount\": 10001}")) + [
                compositorDiagnostics(outer: 1, inner: 20_000)
            ]
        case "SceneLoader.maximumReplicatedInstances":
            return loadErrors(
                scene(
                    "{\"type\": \"replicator\", \"instanceCount\": 1000, \"sublayers\": [{\"type\": \"replicator\", \"instanceCount\": 101, \"sublayers\": [{}]}]}"
                ))
        case "RenderTreeBuilder.maxInstanceProduct":
            return [compositorDiagnostics(outer: 1000, inner: 1000)]
        case "CGImage.maximumDimension", "CGImage.maximumPixelCount":
            let bytes = FileManager.default.contents(atPath: corpusRoot + "/png/huge-declared.png") ?? Data()
            do {
                _ = try PNGCodec.decode(bytes, source: "huge.png")
                return []
            } catch { return ["\(error)"] }
        case "PNGCodec.maximumDeflateRatio":
            let bytes = FileManager.default.contents(atPath: corpusRoot + "/png/large-declared-tiny-data.png") ?? Data()
            do {
                _ = try PNGCodec.decode(bytes, source: "tiny.png")
                return []
            } catch { return ["\(error)"] }
        case "maxParticlesRange":
            return loadErrors(scene("{\"type\": \"emitter\", \"maxParticles\": 10000001, \"emitterCells\": []}"))
        case "SceneLoader.maximumTotalParticles":
            let emitter = "{\"type\": \"emitter\", \"maxParticles\": 10000000, \"emitterCells\": []}"
            return loadErrors(scene(Array(repeating: emitter, count: 6).joined(separator: ",")))
        case "EmitterSimulation.particleCeiling":
            return [budgetWarning()]
        case "SceneLoader.maximumCellDepth":
            return loadErrors(scene(cellChain(depth: SceneLoader.maximumCellDepth + 1, rate: 1)))
        case "SceneLoader.maximumBirthRateProduct":
            return loadErrors(scene(cellChain(depth: 3, rate: 1000)))
        case "SceneLoader.maximumBodyCount":
            let body = "{\"bounds\": [0, 0, 10, 10], \"body\": {\"type\": \"static\"}}"
            return loadErrors(
                scene(Array(repeating: body, count: SceneLoader.maximumBodyCount + 1).joined(separator: ",")))
        case "maxBodiesRange":
            return loadErrors(
                scene(
                    "{\"type\": \"emitter\", \"emitterCells\": [{\"birthRate\": 1, \"lifetime\": 1, \"contents\": \"builtin:softDot\", \"physics\": {\"mode\": \"body\", \"maxBodies\": 100001}}]}"
                ))
        case "displaySideLimit":
            return loadErrors(scene("", extra: ", \"display\": {\"size\": [16385, 10]}"))
        case "DecodingContext.maximumDiagnostics":
            return loadErrors(scene(Array(repeating: "{\"opacity\": \"x\"}", count: 250).joined(separator: ",")))
        default:
            return []
        }
    }

    /// The compositor's diagnostics after drawing a replicator of `outer` copies of a replicator of
    /// `inner` copies of a small layer, joined by newlines.
    static func compositorDiagnostics(outer: Int, inner: Int) -> String {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 32, height: 32)
        let a = CAReplicatorLayer()
        a.frame = root.bounds
        a.instanceCount = outer
        let b = CAReplicatorLayer()
        b.frame = root.bounds
        b.instanceCount = inner
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 0, width: 1, height: 1)
        dot.backgroundColor = .white
        // Hidden: the copies are still counted and capped, but not drawn (a debug build stays fast).
        dot.isHidden = true
        b.addSublayer(dot)
        a.addSublayer(b)
        root.addSublayer(a)
        let compositor = Compositor(threadCount: 1)
        guard let fb = try? Framebuffer(width: 8, height: 8, scale: 0.25) else { return "" }
        compositor.render(root, into: fb)
        return compositor.diagnostics.joined(separator: "\n")
    }

    /// The warning of an emitter whose `maxParticles` is far above the ceiling and whose births
    /// overflow a small budget (the same message either way).
    static func budgetWarning() -> String {
        let layer = CAEmitterLayer()
        layer.name = "e"
        layer.maxParticles = 10
        let cell = CAEmitterCell()
        cell.birthRate = 10_000
        cell.lifetime = 10
        layer.emitterCells = [cell]
        let sim = EmitterSimulation(layer: layer)
        for _ in 0..<4 { sim.step(by: 1.0 / 120) }
        return sim.takeBudgetWarning()?.description ?? ""
    }
}
