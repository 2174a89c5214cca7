import Foundation
import LayerKit

/// Layers and emitter cells, driven by LayerKit's key tables (see `PropertyCatalog`).
extension SceneDecoder {
    /// The keys a layer of `kind` accepts.
    static func layerKeys(_ kind: LayerKind) -> Set<String> {
        var keys = Set(PropertyCatalog.layerProperties[kind]?.keys.map { $0 } ?? []).union(
            SceneKeyTables.layerStructure)
        if kind == .emitter { keys.insert("emitterCells") }
        if kind == .gradient { keys.insert("gradientType") }
        return keys
    }

    // MARK: - Layers

    /// A layer and its subtree, or nil when it cannot be built (its type is bad or it is not an object).
    func decodeLayer(_ f: Field) -> CALayer? {
        guard let obj = ctx.object(f, "a layer") else { return nil }
        var kind = LayerKind.layer
        if let t = obj["type"] {
            var hint = ""
            if case .string(let s) = t.node.value, CAGradientLayerType.known(s) != nil {
                hint =
                    "; the gradient's own type is \"gradientType\": \(quoted(s)) in a layer of \"type\": \"gradient\""
            }
            guard let k = ctx.enumeration(t, LayerKind.self, extraHint: hint) else { return nil }
            kind = k
        }
        let layer = kind.layerClass.makeLayer(copying: nil)
        // Scene layers never animate implicitly: setting a property is instant (docs/Time.md).
        layer.allowsImplicitAnimations = false
        let properties = PropertyCatalog.layerProperties[kind] ?? [:]
        var given: [String: Field] = [:]
        for (key, mf) in obj.fields {
            if SceneKeyTables.layerStructure.contains(key) || (kind == .emitter && key == "emitterCells") { continue }
            let propertyKey = kind == .gradient && key == "gradientType" ? "type" : key
            guard let info = properties[propertyKey] else {
                ctx.error(mf, unknownLayerKeyMessage(key, kind: kind))
                continue
            }
            setProperty(info, key: propertyKey, written: key, field: mf, on: layer, in: obj, given: &given)
        }

        if let frame = obj["frame"] {
            if obj.has("bounds") || obj.has("position") {
                ctx.error(
                    frame,
                    "\"frame\" sets both the bounds size and the position; give either \"frame\" or \"bounds\" and \"position\""
                )
            } else if let r = ctx.rect(frame, nonNegativeSize: true) {
                layer.frame = r
            }
        }
        if let gradient = layer as? CAGradientLayer, let lf = obj["locations"], let locations = gradient.locations {
            let count = gradient.colors?.count ?? 0
            if locations.count != count {
                ctx.error(
                    lf,
                    "\"locations\" has \(locations.count) entr\(locations.count == 1 ? "y" : "ies") but \"colors\" has \(count); give one location per colour, or leave \"locations\" out to spread the colours evenly"
                )
            }
        }
        if let name = layer.name, let nf = obj["name"] {
            if let first = ctx.namedLayers[name] {
                let (line, column) = ctx.source.location(of: first.field.offset)
                ctx.error(
                    nf,
                    "the layer name \(quoted(name)) is already used at line \(line), column \(column); layer names must be unique so that targets and constraints can find them"
                )
            } else {
                ctx.namedLayers[name] = DecodingContext.NamedLayer(layer: layer, field: nf, hasBody: obj.has("body"))
            }
        }
        if let emitter = layer as? CAEmitterLayer {
            if let cf = obj["emitterCells"] {
                let cells = decodeCells(cf, emitter: emitter)
                emitter.emitterCells = cells.isEmpty ? nil : cells
            } else {
                ctx.warning(f, "this emitter layer has no \"emitterCells\", so it emits nothing")
            }
        }
        let enclosing = enterReplicator(layer, field: obj["instanceCount"] ?? f)
        if let sf = obj["sublayers"], let elements = ctx.array(sf, "a list of layers") {
            for e in elements {
                if let sublayer = decodeLayer(e) { layer.addSublayer(sublayer) }
            }
        }
        limits.replicatedInstances = enclosing
        if let mf = obj["mask"], let mask = decodeLayer(mf) { layer.mask = mask }
        if let af = obj["animations"] { decodeAnimations(af, layer: layer) }
        if let bf = obj["body"], countBody(bf), let body = decodeBody(bf, layer: layer) {
            bodies.append(Scene.LayerBody(layer: layer, body: body))
        }
        return layer
    }

    /// Reads and sets one property; reports alias and z conflicts.
    private func setProperty(
        _ info: PropertyInfo, key: String, written: String, field mf: Field, on object: AnyObject,
        in obj: ObjectReader, given: inout [String: Field]
    ) {
        if let other = given[info.canonicalKey] {
            let (line, column) = ctx.source.location(of: other.offset)
            ctx.error(
                mf, "\(quoted(written)) sets the same property as the key at line \(line), column \(column); keep one")
            return
        }
        given[info.canonicalKey] = mf
        guard let (value, z) = ctx.propertyValue(mf, info) else { return }
        ctx.apply(value, key: key, to: object, at: mf)
        if let z, let zKey = info.zKey {
            if let zf = obj[zKey] {
                ctx.error(zf, "\(quoted(zKey)) is also given as the third coordinate of \(quoted(written)); keep one")
            } else {
                ctx.apply(.number(z), key: zKey, to: object, at: mf)
            }
        }
    }

    private func unknownLayerKeyMessage(_ key: String, kind: LayerKind) -> String {
        let owners = LayerKind.allCases.filter { $0 != kind && SceneDecoder.layerKeys($0).contains(key) }
        var hint: String?
        if !owners.isEmpty {
            hint =
                "it belongs to layers of " + owners.map { "\"type\": \(quoted($0.rawValue))" }.joined(separator: " or ")
        } else if PropertyCatalog.cellProperties[key] != nil || SceneKeyTables.cellStructure.contains(key) {
            hint = "it is a key of emitter cells: put it in a cell object of \"emitterCells\""
        }
        return ctx.unknownKeyMessage(key, candidates: SceneDecoder.layerKeys(kind), in: kind.noun, hint: hint)
    }

    // MARK: - Emitter cells

    /// The cells of a list; sibling names must be unique (key paths find cells by name).
    func decodeCells(_ f: Field, emitter: CAEmitterLayer) -> [CAEmitterCell] {
        guard let elements = ctx.array(f, "a list of emitter cells") else { return [] }
        var cells: [CAEmitterCell] = []
        var names: [String: Field] = [:]
        for e in elements {
            guard let cell = decodeCell(e, emitter: emitter) else { continue }
            if let name = cell.name, let obj = ObjectReader(e), let nf = obj["name"] {
                if let first = names[name] {
                    let (line, column) = ctx.source.location(of: first.offset)
                    ctx.error(
                        nf,
                        "the cell name \(quoted(name)) is already used by a sibling at line \(line), column \(column); key paths such as \"emitterCells.\(name).birthRate\" need unique names"
                    )
                } else {
                    names[name] = nf
                }
            }
            cells.append(cell)
        }
        return cells
    }

    /// `birthCells` and `deathCells`: names of the cell's own sub-cells (docs/SceneFormat.md, "Event cells").
    private func decodeEventCells(_ obj: ObjectReader, cell: CAEmitterCell) {
        let subcells = Set((cell.emitterCells ?? []).compactMap(\.name))
        for key in ["birthCells", "deathCells"] {
            guard let lf = obj[key], let elements = ctx.array(lf, "a list of sub-cell names") else { continue }
            var names: [String] = []
            for e in elements {
                guard let name = ctx.string(e, nonEmpty: true) else { continue }
                guard subcells.contains(name) else {
                    let hint =
                        subcells.isEmpty
                        ? "this cell has no named \"emitterCells\"; add the cell there with this \"name\""
                        : closeMatches(for: name, in: subcells.sorted()).first.map { "did you mean \(quoted($0))?" }
                            ?? "its named sub-cells are \(subcells.sorted().map { quoted($0) }.joined(separator: ", "))"
                    ctx.error(e, "\(quoted(key)) names \(quoted(name)), which is not a sub-cell of this cell; \(hint)")
                    continue
                }
                if names.contains(name) {
                    ctx.error(e, "\(quoted(name)) is listed twice in \(quoted(key)); keep one")
                    continue
                }
                names.append(name)
            }
            if key == "birthCells" { cell.birthCells = names } else { cell.deathCells = names }
        }
    }

    /// One cell and its sub-cells.
    private func decodeCell(_ f: Field, emitter: CAEmitterLayer) -> CAEmitterCell? {
        guard let obj = ctx.object(f, "an emitter cell") else { return nil }
        let cell = CAEmitterCell()
        var given: [String: Field] = [:]
        let allowed = Set(PropertyCatalog.cellProperties.keys).union(SceneKeyTables.cellStructure)
        for (key, mf) in obj.fields where !SceneKeyTables.cellStructure.contains(key) {
            guard let info = PropertyCatalog.cellProperties[key] else {
                var hint: String?
                if SceneDecoder.layerKeys(.emitter).contains(key) {
                    hint = "it is a key of the emitter layer, not of its cells"
                }
                ctx.error(mf, ctx.unknownKeyMessage(key, candidates: allowed, in: "an emitter cell", hint: hint))
                continue
            }
            setProperty(info, key: key, written: key, field: mf, on: cell, in: obj, given: &given)
        }
        checkBirthRateProduct(cell, emitter: emitter, field: obj["birthRate"] ?? f)
        if let sf = obj["emitterCells"], let saved = enterCell(cell, emitter: emitter, field: sf) {
            let subcells = decodeCells(sf, emitter: emitter)
            cell.emitterCells = subcells.isEmpty ? nil : subcells
            limits.cellChain = saved
        }
        decodeEventCells(obj, cell: cell)
        if let tf = obj["trail"], let trail = ctx.trail(tf) { cell.trail = trail }
        if let pf = obj["physics"], let physics = decodeCellPhysics(pf, cell: cell) {
            cellPhysics.append(Scene.CellPhysics(emitter: emitter, cell: cell, physics: physics))
        }
        if !obj.has("contents"), cell.emitterCells == nil {
            ctx.warning(
                f,
                "this cell has no \"contents\" and no \"emitterCells\", so its particles draw nothing; set \"contents\", for example \"builtin:softDot\""
            )
        }
        if cell.birthRate > 0, !obj.has("lifetime"), !obj.has("lifetimeRange") {
            ctx.warning(
                f,
                "this cell's particles die as they are born (\"lifetime\" defaults to 0); set \"lifetime\" in seconds")
        }
        return cell
    }
}
