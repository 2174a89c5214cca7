import Foundation
import LayerKit
import Testing

@testable import SceneFormat

/// docs/SceneFormat.md is kept true: its key tables list exactly the keys the loader accepts, every
/// example loads without errors, and every default given as a JSON value is what the loader does
/// when the key is left out (for Core Animation properties: the class's own default).
@Suite struct SceneFormatDocumentationTests {
    /// One row of a key table.
    struct Row {
        var section: String
        var keys: [String]
        var defaultText: String
        var example: String
        var line: Int
    }

    static let documentPath = Fixtures.packageRoot + "/docs/SceneFormat.md"

    /// Every table that follows a `<!-- keys: section -->` marker.
    static let tables: [String: [Row]] = {
        let text = (try? String(contentsOfFile: documentPath, encoding: .utf8)) ?? ""
        let lines = text.components(separatedBy: "\n")
        var tables: [String: [Row]] = [:]
        var i = 0
        while i < lines.count {
            let line = lines[i]
            guard line.hasPrefix("<!-- keys: "), line.hasSuffix(" -->") else {
                i += 1
                continue
            }
            let section = String(line.dropFirst("<!-- keys: ".count).dropLast(" -->".count))
            var rows: [Row] = []
            var j = i + 3
            while j < lines.count, lines[j].hasPrefix("|") {
                let cells = splitRow(lines[j])
                if cells.count == 6 {
                    rows.append(
                        Row(
                            section: section, keys: backticked(cells[0]), defaultText: cells[3], example: cells[4],
                            line: j + 1))
                } else {
                    rows.append(Row(section: section, keys: [], defaultText: "", example: "", line: j + 1))
                }
                j += 1
            }
            tables[section] = rows
            i = j
        }
        return tables
    }()

    /// The cells of a Markdown table row (`\|` is a literal bar).
    static func splitRow(_ line: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var previous: Character = " "
        for c in line {
            if c == "|", previous != "\\" {
                cells.append(current)
                current = ""
            } else {
                current.append(c)
            }
            previous = c
        }
        cells.append(current)
        return cells.dropFirst().dropLast().map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The `code` spans of a cell.
    static func backticked(_ cell: String) -> [String] {
        cell.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    /// The JSON of a cell that is exactly one code span, else nil.
    static func json(_ cell: String) -> Any? {
        guard cell.hasPrefix("`"), cell.hasSuffix("`"), cell.count >= 2, backticked(cell).count == 1 else { return nil }
        return try? JSONSerialization.jsonObject(
            with: Data(String(cell.dropFirst().dropLast()).utf8), options: [.fragmentsAllowed])
    }

    // MARK: - Tables against the loader

    @Test func everySectionHasATable() {
        #expect(Set(Self.tables.keys) == Set(SceneKeyTables.sections), "tables: \(Self.tables.keys.sorted())")
        for (section, rows) in Self.tables {
            for row in rows where row.keys.isEmpty {
                Issue.record("docs/SceneFormat.md:\(row.line): a row of \(section) without a key or without 6 columns")
            }
        }
    }

    @Test(arguments: SceneKeyTables.sections)
    func tableListsExactlyTheKeysTheLoaderAccepts(_ section: String) throws {
        let documented = Set((Self.tables[section] ?? []).flatMap(\.keys))
        let accepted = try #require(SceneKeyTables.keys(section))
        #expect(
            accepted.subtracting(documented).isEmpty,
            "\(section): undocumented keys \(accepted.subtracting(documented).sorted())")
        #expect(
            documented.subtracting(accepted).isEmpty,
            "\(section): documented keys the loader rejects \(documented.subtracting(accepted).sorted())")
    }

    @Test(arguments: SceneKeyTables.sections)
    func tableListsTheKeysInTheOrderTheFormatterWritesThem(_ section: String) {
        let documented = (Self.tables[section] ?? []).flatMap(\.keys)
        var order = SceneKeyTables.order(section)
        if section == "layer" {
            // The kind's own keys and the emitter's cells come between the properties and the contents.
            order.removeAll { $0 == "emitterCells" }
        }
        let listed = order.filter { documented.contains($0) }
        #expect(
            documented == listed,
            "docs/SceneFormat.md lists the keys of \(section) as \(documented), the formatter writes \(order)")
    }

    @Test(arguments: SceneKeyTables.sections)
    func everyExampleLoadsWithoutErrors(_ section: String) throws {
        for row in Self.tables[section] ?? [] {
            for key in row.keys {
                guard let example = Self.json(row.example) else {
                    Issue.record(
                        "docs/SceneFormat.md:\(row.line): \(section).\(key): the example is not one JSON code span: \(row.example)"
                    )
                    continue
                }
                let scene = try Self.harness(section, key: key, value: example)
                let problems = errors(scene, name: "docs:\(section).\(key)")
                #expect(
                    problems.isEmpty,
                    "docs/SceneFormat.md:\(row.line): the example of \(section).\(key) does not load:\n\(problems.joined(separator: "\n"))\n\(scene)"
                )
            }
        }
    }

    @Test(arguments: SceneKeyTables.sections)
    func jsonDefaultsAreWhatLeavingTheKeyOutGives(_ section: String) throws {
        for row in Self.tables[section] ?? [] {
            guard let key = row.keys.first, let defaultValue = Self.json(row.defaultText) else { continue }
            let example = Self.json(row.example)
            let with = try loadScene(Self.harness(section, key: key, value: defaultValue, base: example))
            let without = try loadScene(Self.harness(section, key: key, value: nil, base: example))
            let a = Self.observe(section, key: key, in: with)
            let b = Self.observe(section, key: key, in: without)
            #expect(
                a == b,
                "docs/SceneFormat.md:\(row.line): \(section).\(key) documents the default \(row.defaultText), but leaving it out gives \(b), not \(a)"
            )
            if let property = Self.catalogKey(section, key), let kind = Self.layerKind(section) {
                let classDefault = try? kind.layerClass.makeLayer(copying: nil).layerValue(forKeyPath: property)
                #expect(
                    Self.observe(section, key: key, in: with) == "\(String(describing: classDefault))",
                    "docs/SceneFormat.md:\(row.line): \(section).\(key)")
            }
            if section == "emitterCell", PropertyCatalog.cellProperties[key] != nil {
                #expect(
                    a == "\(String(describing: try? CAEmitterCell().layerValue(forKeyPath: key)))",
                    "docs/SceneFormat.md:\(row.line): \(section).\(key) is not CAEmitterCell's default")
            }
        }
    }

    @Test func enumerationKeysListTheirValuesInTheCatalog() {
        for (kindName, properties) in PropertyCatalog.layerProperties.map({ ($0.key.rawValue, $0.value) }) + [
            ("emitterCell", PropertyCatalog.cellProperties)
        ] {
            for (key, info) in properties where info.isEnumeration {
                #expect(
                    PropertyCatalog.enumerationValues[key] != nil,
                    "\(kindName).\(key) is an enumeration without its values in PropertyCatalog.enumerationValues")
            }
        }
    }

    // MARK: - Harness

    /// The LayerKit key behind a documented key, for the tables backed by a class's key table.
    static func catalogKey(_ section: String, _ key: String) -> String? {
        guard let kind = layerKind(section) else { return nil }
        let property = section == "gradient" && key == "gradientType" ? "type" : key
        return PropertyCatalog.layerProperties[kind]?[property] != nil ? property : nil
    }

    static func layerKind(_ section: String) -> LayerKind? { LayerKind(rawValue: section) }

    /// What a key's value turned into, as text, for comparing two loads.
    static func observe(_ section: String, key: String, in scene: Scene) -> String {
        switch section {
        case "scene":
            return
                "\(scene.display) \(scene.layers.count) \(String(describing: scene.physics)) \(scene.fields) \(scene.constraints)"
        case "display": return "\(scene.display)"
        case "physics": return "\(String(describing: scene.physics))"
        case "walls": return "\(String(describing: scene.physics?.walls))"
        case "body": return "\(String(describing: scene.bodies.first?.body))"
        case "cellPhysics": return "\(String(describing: scene.cellPhysics.first?.physics))"
        case "cellTrail":
            return "\(String(describing: (scene.layers.first as? CAEmitterLayer)?.emitterCells?.first?.trail))"
        case "contentsFrames":
            let cell = (scene.layers.first as? CAEmitterLayer)?.emitterCells?.first
            return "\(String(describing: cell?.contentsFrames))"
        case "field": return "\(String(describing: scene.fields.first))"
        case "constraint": return "\(String(describing: scene.constraints.first))"
        case "animation": return "\(String(describing: scene.animations.first?.animation))"
        case "interaction", "click": return "\(String(describing: scene.interaction))"
        case "emitterCell":
            let cell = (scene.layers.first as? CAEmitterLayer)?.emitterCells?.first
            return "\(String(describing: try? cell?.layerValue(forKeyPath: key)))"
        case "transformOperation": return "\(String(describing: scene.layers.first?.transform))"
        case "pathObject": return "\(String(describing: (scene.layers.first as? CAShapeLayer)?.path?.elements))"
        default:
            guard let layer = scene.layers.first, let property = catalogKey(section, key) else {
                return "\(String(describing: scene.layers.first))"
            }
            return "\(String(describing: try? layer.layerValue(forKeyPath: property)))"
        }
    }

    /// A scene that sets `key` to `value` (nil: leaves it out) in `section`. An example that is an object
    /// containing the key stands for the whole object of the section.
    static func harness(_ section: String, key: String, value: Any?, base fullExample: Any? = nil) throws -> String {
        var object: [String: Any]
        if let whole = value as? [String: Any], whole[key] != nil {
            object = whole
        } else {
            object = (fullExample as? [String: Any]).flatMap { $0[key] != nil ? $0 : nil } ?? baseObject(section)
            object[key] = value
        }

        let bodies: [[String: Any]] = [
            ["name": "a", "bounds": [0, 0, 20, 20], "position": [100, 100], "body": [String: Any]()],
            ["name": "b", "bounds": [0, 0, 20, 20], "position": [200, 100], "body": [String: Any]()],
        ]
        var scene: [String: Any] = ["schemaVersion": 1, "layers": bodies]
        switch section {
        case "scene":
            scene = object
            if scene["layers"] == nil, key != "layers" { scene["layers"] = bodies }
            if scene["schemaVersion"] == nil, key != "schemaVersion" { scene["schemaVersion"] = 1 }
        case "display": scene["display"] = object
        case "physics": scene["physics"] = object
        case "walls": scene["physics"] = ["walls": object]
        case "body": scene["layers"] = [["bounds": [0, 0, 40, 40], "body": object]]
        case "cellPhysics":
            let splash: [String: Any] = ["name": "splash", "contents": "builtin:softDot", "lifetime": 0.2]
            scene["layers"] = [
                [
                    "type": "emitter",
                    "emitterCells": [
                        ["contents": "builtin:raindrop", "lifetime": 1, "emitterCells": [splash], "physics": object]
                    ],
                ]
            ]
        case "cellTrail":
            scene["layers"] = [
                ["type": "emitter", "emitterCells": [["contents": "builtin:softDot", "lifetime": 1, "trail": object]]]
            ]
        case "contentsFrames":
            let cell: [String: Any] = ["contents": "builtin:digits", "lifetime": 1, "contentsFrames": object]
            scene["layers"] = [["type": "emitter", "emitterCells": [cell]]]
        case "field": scene["fields"] = [object]
        case "constraint": scene["constraints"] = [object]
        case "interaction": scene["interaction"] = object
        case "click":
            scene["interaction"] = ["click": object]
            let sparks: [String: Any] = [
                "type": "emitter", "name": "sparks",
                "emitterCells": [["name": "spark", "contents": "builtin:spark", "lifetime": 1]],
            ]
            scene["layers"] = bodies + [sparks]
        case "animation": scene["layers"] = [["animations": ["x": object]]]
        case "emitterCell":
            // Event cells name sub-cells of their cell: give the cell those sub-cells.
            var cell = object
            if key == "birthCells" || key == "deathCells", let names = value as? [String] {
                cell["emitterCells"] = names.map { ["name": $0, "contents": "builtin:softDot", "lifetime": 1] }
            }
            scene["layers"] = [["type": "emitter", "emitterCells": [cell]]]
        case "transformOperation": scene["layers"] = [["transform": object.isEmpty ? [] : [object]]]
        case "pathObject":
            scene["layers"] = [["type": "shape", "path": object.isEmpty ? "M 0 0" as Any : object as Any]]
        default: scene["layers"] = [object]
        }
        let data = try JSONSerialization.data(withJSONObject: scene, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// The object a key is added to.
    static func baseObject(_ section: String) -> [String: Any] {
        switch section {
        case "cellPhysics": return ["mode": "collide"]
        case "cellTrail": return ["duration": 0.5]
        case "contentsFrames": return ["columns": 4, "rows": 4]
        case "field": return ["type": "radialGravity"]
        case "constraint": return ["type": "pin", "bodyA": "a", "bodyB": "b"]
        case "click": return ["action": "moveTo", "target": "a.position"]
        case "animation": return ["type": "basic", "keyPath": "opacity", "toValue": 0]
        case "emitterCell": return ["contents": "builtin:softDot", "lifetime": 1]
        case "scene": return ["schemaVersion": 1]
        default:
            if let kind = LayerKind(rawValue: section) { return ["type": kind.rawValue] }
            return [:]
        }
    }
}
