import Foundation
import LayerKit

// MARK: - Scene JSON writer

/// Writes the subset of the scene format the importer produces: a display and one emitter layer
/// with its cells. Every cell key whose value differs from a new cell's is written, read through the
/// cell's key table, so whatever a cell holds (extensions included) loads back the same
/// (docs/SceneFormat.md; the round trip is tested).
enum SceneJSONWriter {
    /// The scene file text.
    static func scene(description: String, size: CGSize, emitter: CAEmitterLayer, textureReference: String) -> String {
        var layer: [(String, String)] = [
            ("type", string("emitter")),
            ("name", string(emitter.name ?? "emitter")),
            (
                "frame",
                numbers(
                    [emitter.frame.origin.x, emitter.frame.origin.y, emitter.frame.width, emitter.frame.height].map(
                        Double.init))
            ),
            ("emitterPosition", numbers([Double(emitter.emitterPosition.x), Double(emitter.emitterPosition.y)])),
        ]
        if emitter.emitterShape != .point {
            layer.append(("emitterShape", string(emitter.emitterShape.rawValue)))
            layer.append(("emitterMode", string(emitter.emitterMode.rawValue)))
            layer.append(
                ("emitterSize", numbers([Double(emitter.emitterSize.width), Double(emitter.emitterSize.height)])))
        }
        layer.append(("renderMode", string(emitter.renderMode.rawValue)))
        layer.append(("maxParticles", String(emitter.maxParticles)))
        if !emitter.warnsWhenFull { layer.append(("warnsWhenFull", "false")) }
        layer.append(("seed", String(emitter.seed)))
        let cells = (emitter.emitterCells ?? []).map {
            cellText($0, textureReference: textureReference, indent: "        ")
        }
        layer.append(("emitterCells", "[\n" + cells.joined(separator: ",\n") + "\n      ]"))
        let layerText = "    {\n" + layer.map { "      \(string($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n    }"
        return """
            {
              "schemaVersion": 1,
              "description": \(string(description)),
              "display": { "size": \(numbers([Double(size.width), Double(size.height)])), "backgroundColor": [0, 0, 0, 1], "framesPerSecond": 60 },
              "layers": [
            \(layerText)
              ]
            }

            """
    }

    /// One cell: name and contents first, then every changed key in alphabetical order.
    static func cellText(_ cell: CAEmitterCell, textureReference: String, indent: String) -> String {
        let fresh = CAEmitterCell()
        var entries: [(String, String)] = []
        if let name = cell.name { entries.append(("name", string(name))) }
        if cell.contents != nil { entries.append(("contents", string(textureReference))) }
        let skipped: Set<String> = ["name", "contents", "enabled"]
        for key in CAEmitterCell.keyAccessors.keys.sorted() where !skipped.contains(key) {
            guard let value = try? cell.layerValue(forKeyPath: key), value != (try? fresh.layerValue(forKeyPath: key)),
                let text = curveJSON(key, cell) ?? json(value)
            else { continue }
            entries.append((key, text))
        }
        if let subcells = cell.emitterCells, !subcells.isEmpty {
            let inner = subcells.map { cellText($0, textureReference: textureReference, indent: indent + "    ") }
            entries.append(("emitterCells", "[\n" + inner.joined(separator: ",\n") + "\n\(indent)  ]"))
        }
        return "\(indent){\n" + entries.map { "\(indent)  \(string($0.0)): \($0.1)" }.joined(separator: ",\n")
            + "\n\(indent)}"
    }

    /// A value over life (`colorOverLife`, `alphaOverLife`, `scaleOverLife`, …) as a curve object
    /// (docs/SceneFormat.md, "Curves"), or nil for other keys.
    static func curveJSON(_ key: String, _ cell: CAEmitterCell) -> String? {
        func object(_ stops: [String], _ mode: ParticleCurveInterpolation) -> String {
            "{\"stops\": [" + stops.joined(separator: ", ") + "], \"interpolation\": \(string(mode.rawValue))}"
        }
        if key == "colorOverLife", let c = cell.colorOverLife {
            let stops = zip(c.times, c.colors).map { t, color in
                "[\(number(Double(t))), \(numbers([color.red, color.green, color.blue, color.alpha].map(Double.init)))]"
            }
            return object(stops, c.interpolation)
        }
        let curves: [String: ParticleValueCurve?] = [
            "alphaOverLife": cell.alphaOverLife, "scaleOverLife": cell.scaleOverLife, "spinOverLife": cell.spinOverLife,
            "speedOverLife": cell.speedOverLife,
        ]
        guard let found = curves[key], let curve = found else { return nil }
        let stops = zip(curve.times, curve.values).map { "[\(number(Double($0))), \(number(Double($1)))]" }
        return object(stops, curve.interpolation)
    }

    /// A value as JSON, or nil for kinds the importer never writes.
    static func json(_ value: LayerValue) -> String? {
        switch value {
        case .none: return "null"
        case .number(let v): return number(v)
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return string(s)
        case .point(let p): return numbers([Double(p.x), Double(p.y)])
        case .size(let s): return numbers([Double(s.width), Double(s.height)])
        case .rect(let r): return numbers([r.origin.x, r.origin.y, r.width, r.height].map(Double.init))
        case .color(let c): return numbers([c.red, c.green, c.blue, c.alpha].map(Double.init))
        default: return nil
        }
    }

    /// A number as its shortest text: of the Float when the value is exactly a Float (Float properties
    /// read back the same Float), else of the Double (read back exactly).
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return v > 0 ? "\"infinity\"" : "0" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        let f = Float(v)
        if Double(f) == v, let back = Double(f.description), Float(back) == f { return f.description }
        return "\(v)"
    }

    static func numbers(_ values: [Double]) -> String { "[" + values.map(number).joined(separator: ", ") + "]" }

    /// A JSON string literal.
    static func string(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }
}
