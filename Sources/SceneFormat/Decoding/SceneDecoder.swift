import Foundation
import LayerKit

/// Turns a parsed scene document into a `Scene`, reporting every problem through its context.
///
/// Sections are decoded in a fixed order (display, layers, physics, fields, constraints, interaction)
/// whatever their order in the file, so that cross references (layer names) are known when needed;
/// diagnostics are sorted by position at the end.
final class SceneDecoder {
    /// Where problems go.
    let ctx: DecodingContext
    /// Bodies found so far.
    var bodies: [Scene.LayerBody] = []
    /// Animations found so far.
    var animations: [Scene.LayerAnimation] = []
    /// Cell physics found so far.
    var cellPhysics: [Scene.CellPhysics] = []
    /// The running counts and products that `SceneDecoder+Limits` checks.
    var limits = LimitState()

    /// A decoder reporting to `ctx`.
    init(_ ctx: DecodingContext) { self.ctx = ctx }

    /// The scene, or nil when the root is not an object (the problems are in the context either way).
    func decodeScene(_ root: JSONNode, sourcePath: String?, baseDirectory: String?) -> Scene? {
        let f = Field(root: root)
        guard let obj = ctx.object(f, "a scene") else { return nil }
        ctx.rejectUnknownKeys(obj, allowed: SceneKeyTables.scene, in: "the scene") { key in
            if SceneKeyTables.keys("layer")?.contains(key) == true
                || LayerKind.allCases.contains(where: { SceneKeyTables.keys($0.rawValue)?.contains(key) == true })
            {
                return "layer keys go inside a layer object of \"layers\""
            }
            return nil
        }

        var schemaVersion = SceneLoader.schemaVersion
        if let v = obj["schemaVersion"] {
            if let n = ctx.integer(v, Int.min...Int.max) {
                schemaVersion = n
                if n > SceneLoader.schemaVersion {
                    ctx.error(
                        v,
                        "this scene is written for schemaVersion \(n), but this version of Emitter reads schemaVersion \(SceneLoader.schemaVersion); update Emitter or rewrite the scene for version \(SceneLoader.schemaVersion)"
                    )
                } else if n < 1 {
                    ctx.error(v, "expected schemaVersion \(SceneLoader.schemaVersion), got \(n)")
                }
            }
        } else {
            ctx.missing("schemaVersion", in: obj, "\"schemaVersion\": \(SceneLoader.schemaVersion)")
        }
        // For editors (docs/SceneFormat.md, "Editor support"): a string, otherwise ignored.
        if let v = obj["$schema"] { _ = ctx.string(v) }
        let description = obj["description"].flatMap { ctx.string($0) }
        let display = obj["display"].flatMap { decodeDisplay($0) } ?? DisplayDescription()

        let root = CALayer()
        root.allowsImplicitAnimations = false
        root.bounds = CGRect(origin: .zero, size: display.size)
        root.position = CGPoint(x: display.size.width / 2, y: display.size.height / 2)
        if let lf = obj["layers"], let elements = ctx.array(lf, "a list of layers"), checkLayerCount(lf) {
            for e in elements {
                if let layer = decodeLayer(e) { root.addSublayer(layer) }
            }
            checkTotalParticles(root, field: lf)
        }
        let physics = obj["physics"].flatMap { decodePhysics($0) }
        let fields = obj["fields"].map { decodeFields($0) } ?? []
        let constraints = obj["constraints"].map { decodeConstraints($0) } ?? []
        let interaction = obj["interaction"].flatMap { decodeInteraction($0) }

        return Scene(
            schemaVersion: schemaVersion, description: description, display: display, rootLayer: root,
            interaction: interaction, physics: physics, bodies: bodies, cellPhysics: cellPhysics,
            fields: fields, constraints: constraints, animations: animations,
            sourcePath: sourcePath, baseDirectory: baseDirectory, warnings: [])
    }

    // MARK: - Display

    private func decodeDisplay(_ f: Field) -> DisplayDescription? {
        guard let obj = ctx.object(f, "the display settings") else { return nil }
        ctx.rejectUnknownKeys(obj, allowed: SceneKeyTables.display, in: "the display settings")
        var d = DisplayDescription()
        if let s = obj["size"],
            let v = ctx.numbers(s, counts: [2], what: "a size [width, height]", rule: .range(1, 16_384))
        {
            d.size = CGSize(width: v[0], height: v[1])
        }
        if let c = obj["backgroundColor"], let color = ctx.color(c) { d.backgroundColor = color }
        if let r = obj["framesPerSecond"], let fps = ctx.number(r, .above(0, upTo: 1000)) { d.framesPerSecond = fps }
        return d
    }
}
