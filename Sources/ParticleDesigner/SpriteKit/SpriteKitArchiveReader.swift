import Foundation
import LayerKit
import SceneFormat

// MARK: - Emitter node reader

/// Typed access to the keys of an archived `SKEmitterNode` (its dictionary in a `KeyedArchive`): numbers,
/// points written as `"{x, y}"`, colours, keyframe sequences and the texture, each checked, with the
/// default SpriteKit documents where a key is missing (older Xcode versions leave keys out).
struct SpriteKitArchiveReader {
    /// The largest magnitude of a number accepted, as for Particle Designer files.
    static let maximumMagnitude = PlistDictionary.maximumMagnitude
    /// Most keyframes read from one sequence (Xcode's editor makes a handful).
    static let maximumKeyframes = 1024

    var archive: KeyedArchive
    /// The emitter node's keys.
    let node: [String: Any]
    private(set) var problems: [SceneDiagnostic] = []

    var file: String { archive.file }

    /// Whether the node has `key` with a value other than `$null`.
    func has(_ key: String) -> Bool {
        guard let raw = node[key] else { return false }
        return (try? archive.resolve(raw, key: key)) != nil
    }

    // MARK: - Values

    /// The number at `key`, or `default` when the key is missing.
    func number(_ key: String, default value: Double) throws -> Double {
        guard let raw = try archive.resolve(node[key], key: key) else { return value }
        return try number(raw, key: key)
    }

    /// `raw` as a finite number of at most `maximumMagnitude`.
    func number(_ raw: Any, key: String) throws -> Double {
        guard let n = raw as? NSNumber else {
            throw KeyedArchive.error(file, "\(key) holds \(PlistDictionary.describe(raw)); expected a number")
        }
        let v = n.doubleValue
        guard v.isFinite else {
            throw KeyedArchive.error(file, "\(key) is \(v); expected a finite number (re-save the emitter in Xcode)")
        }
        guard abs(v) <= Self.maximumMagnitude else {
            throw KeyedArchive.error(file, "\(key) is \(v); numbers in particle files are at most ±1e9 (damaged file?)")
        }
        return PlistDictionary.shortest(v)
    }

    /// The pair at `key`: a string `"{x, y}"` (NSStringFromCGPoint), or an `NSValue` holding one.
    func pair(_ key: String, default value: (Double, Double)) throws -> (Double, Double) {
        guard var raw = try archive.resolve(node[key], key: key) else { return value }
        if let d = raw as? [String: Any] {
            guard let inner = d["NS.pointval"] ?? d["NS.sizeval"] ?? d["NS.vectorval"],
                let s = try archive.resolve(inner, key: key)
            else {
                throw KeyedArchive.error(file, "\(key) is an NSValue without a point or size")
            }
            raw = s
        }
        guard let text = raw as? String else {
            throw KeyedArchive.error(file, "\(key) holds \(PlistDictionary.describe(raw)); expected \"{x, y}\"")
        }
        return try Self.parsePair(text, key: key, file: file)
    }

    /// `"{x, y}"` as two checked numbers.
    static func parsePair(_ text: String, key: String, file: String) throws -> (Double, Double) {
        let inner = text.trimmingCharacters(in: .whitespaces)
        let parts = inner.dropFirst(inner.hasPrefix("{") ? 1 : 0).dropLast(inner.hasSuffix("}") ? 1 : 0)
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite,
            abs(x) <= maximumMagnitude, abs(y) <= maximumMagnitude
        else {
            throw KeyedArchive.error(file, "\(key) is \"\(text.prefix(60))\"; expected \"{x, y}\" with finite numbers")
        }
        return (PlistDictionary.shortest(x), PlistDictionary.shortest(y))
    }

    // MARK: - Colours

    /// An archived colour (`NSColor` with `NSRGB`/`NSWhite` text, or `UIColor` with `UIRed`… numbers)
    /// as red, green, blue, alpha in 0…1.
    func colour(_ object: Any, key: String) throws -> [Double] {
        guard let d = object as? [String: Any] else {
            throw KeyedArchive.error(file, "\(key) holds \(PlistDictionary.describe(object)); expected a colour")
        }
        var components: [Double]?
        if let r = d["UIRed"], let g = d["UIGreen"], let b = d["UIBlue"] {
            components = try [r, g, b, d["UIAlpha"] ?? NSNumber(value: 1)].map { try number($0, key: key) }
        } else if let w = d["UIWhite"] {
            let white = try number(w, key: key)
            components = [white, white, white, try number(d["UIAlpha"] ?? NSNumber(value: 1), key: key)]
        } else if let rgb = try archive.resolve(d["NSRGB"], key: key) as? Data {
            components = try Self.floats(rgb, count: 3...4, key: key, file: file)
        } else if let white = try archive.resolve(d["NSWhite"], key: key) as? Data {
            let w = try Self.floats(white, count: 1...2, key: key, file: file)
            components = [w[0], w[0], w[0]] + w.dropFirst()
        }
        guard var c = components else {
            throw KeyedArchive.error(
                file, "\(key) is a colour in a form this importer does not read (no NSRGB, NSWhite or UIRed)")
        }
        if c.count == 3 { c.append(1) }
        return c.map { min(max($0, 0), 1) }
    }

    /// The numbers of an `NSRGB`-style text ("0.4 1 0.4 0.5", NUL-terminated).
    static func floats(_ data: Data, count: ClosedRange<Int>, key: String, file: String) throws -> [Double] {
        let text = String(decoding: data.prefix(256).prefix { $0 != 0 }, as: UTF8.self)
        let values = text.split(separator: " ").compactMap { Double($0) }
        guard count.contains(values.count), values.allSatisfy(\.isFinite) else {
            throw KeyedArchive.error(
                file, "\(key) is the colour text \"\(text.prefix(60))\"; expected \(count) numbers")
        }
        return values
    }

    // MARK: - Keyframe sequences

    /// An archived `SKKeyframeSequence`: keyframe times (life fractions), values and interpolation mode.
    struct Sequence {
        var times: [Double]
        /// The values: one number each, or red, green, blue, alpha for a colour sequence.
        var values: [[Double]]
        /// SKInterpolationMode: 1 linear, 2 spline, 3 step.
        var interpolationMode: Int
        /// SKRepeatMode: 1 clamp, 2 loop.
        var repeatMode: Int
    }

    /// The sequence at `key` (of colours when `colours`, else of numbers), or nil when missing or `$null`.
    func sequence(_ key: String, colours: Bool) throws -> Sequence? {
        try archive.descend(into: node[key], key: key) { inner, object in
            let name = try inner.className(of: object, key: key)
            guard name == "SKKeyframeSequence", let d = object as? [String: Any] else {
                throw KeyedArchive.error(file, "\(key) holds \(name ?? "a plain value"), not an SKKeyframeSequence")
            }
            let timesKey = key + "._times"
            let times =
                try inner.descend(into: d["_times"], key: timesKey) { a, o in
                    try a.arrayElements(o, key: timesKey, limit: Self.maximumKeyframes).map {
                        try number(try a.resolve($0, key: timesKey) ?? NSNumber(value: 0), key: timesKey)
                    }
                } ?? []
            let valuesKey = key + "._values"
            let values =
                try inner.descend(into: d["_values"], key: valuesKey) { a, o in
                    try a.arrayElements(o, key: valuesKey, limit: Self.maximumKeyframes).map { value -> [Double] in
                        if !colours {
                            return [
                                try number(try a.resolve(value, key: valuesKey) ?? NSNumber(value: 0), key: valuesKey)
                            ]
                        }
                        return try a.descend(into: value, key: valuesKey) { c, colourObject in
                            try SpriteKitArchiveReader(archive: c, node: [:]).colour(colourObject, key: valuesKey)
                        } ?? [1, 1, 1, 1]
                    }
                } ?? []
            guard times.count == values.count, !times.isEmpty else {
                throw KeyedArchive.error(
                    file,
                    "\(key) has \(times.count) keyframe times and \(values.count) values; expected as many, at least one"
                )
            }
            let mode = try d["_interpolationMode"].map { try number($0, key: key + "._interpolationMode") } ?? 1
            let repeatMode = try d["_repeatMode"].map { try number($0, key: key + "._repeatMode") } ?? 1
            return Sequence(times: times, values: values, interpolationMode: Int(mode), repeatMode: Int(repeatMode))
        }
    }

    // MARK: - Texture

    /// The archived `SKTexture` at `_particleTexture`: its image name and its size in points.
    struct TextureInfo {
        var name: String?
        var pointSize: (Double, Double)?
        var pixelSize: (Double, Double)?
        /// The texture was made from data or a path, not an image name.
        var isGenerated: Bool
    }

    func texture() throws -> TextureInfo? {
        try archive.descend(into: node["_particleTexture"], key: "_particleTexture") { inner, object in
            guard let d = object as? [String: Any] else {
                throw KeyedArchive.error(file, "_particleTexture holds \(PlistDictionary.describe(object))")
            }
            let reader = SpriteKitArchiveReader(archive: inner, node: d)
            let name = try inner.resolve(d["_imgName"], key: "_particleTexture._imgName") as? String
            let size = reader.has("_size") ? try reader.pair("_size", default: (0, 0)) : nil
            let pixels = reader.has("_pixelSize") ? try reader.pair("_pixelSize", default: (0, 0)) : nil
            let generated =
                (d["_isData"] as? NSNumber)?.boolValue == true || (d["_isPath"] as? NSNumber)?.boolValue == true
            return TextureInfo(name: name, pointSize: size, pixelSize: pixels, isGenerated: generated)
        }
    }

    // MARK: - Warnings

    /// Records a warning about `key`.
    mutating func warn(_ key: String, _ message: String) {
        problems.append(
            SceneDiagnostic(severity: .warning, file: file, line: 0, column: 0, path: key, message: message))
    }
}
