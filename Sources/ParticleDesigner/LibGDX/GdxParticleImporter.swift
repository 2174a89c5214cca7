import Foundation
import ImageCodec
import LayerKit
import SceneFormat

// MARK: - Importer

/// Imports libGDX particle effects (`.p`, libGDX's particle editor) as scenes (docs/Import.md, "libGDX").
///
/// ```swift
/// let effect = try GdxParticleImporter.importFile(path: "fire.p")
/// let scene = try effect.scene()          // play or render it
/// try effect.write(toJSON: "fire.json")   // or save it as a scene file (+ its PNGs)
/// ```
///
/// Each libGDX emitter becomes one emitter layer (its own particle pool, libGDX's `max` count) with one
/// cell per image. libGDX is y-up with angles in degrees counter-clockwise from +x; the scene is y-down
/// with radians clockwise on screen, so angles and rotations change sign and y offsets flip. Values
/// over each particle's life map onto the `…OverLife` curves; timelines over the emitter's duration
/// are averaged, with a warning naming the line.
public enum GdxParticleImporter {
    /// The view the effect plays in, points; each emitter sits at its centre (libGDX effects are
    /// placed by the game, the file has no position).
    public static let designSize = CGSize(width: 512, height: 512)
    /// Largest magnitude read from a number: far beyond any effect, small enough for Float arithmetic.
    static let maximumMagnitude = 1e9
    /// Largest particle pool (`Count` `max`) imported.
    static let maximumCount = 1_000_000

    /// Imports the file at `path`; images are looked up next to it by file name.
    public static func importFile(path: String) throws -> GdxParticleImport {
        try makeImport(try GdxParticleFile(path: path))
    }

    /// Imports a file's bytes; `path` names it in messages and locates the images.
    public static func importData(_ data: Data, path: String) throws -> GdxParticleImport {
        try makeImport(try GdxParticleFile(data: data, path: path))
    }

    /// The scene of the file at `path` (the `p` reader of `SceneSource`).
    public static func loadScene(path: String) throws -> Scene {
        try importFile(path: path).scene()
    }

    // MARK: - Mapping

    static func makeImport(_ file: GdxParticleFile) throws -> GdxParticleImport {
        var reader = Reader(path: file.path)
        var layers: [[String: Any]] = []
        var images: [String: String] = [:]
        for emitter in file.emitters {
            layers.append(try reader.layer(emitter, images: &images))
        }
        return GdxParticleImport(
            sourcePath: file.path, layers: layers, images: images, emitterNames: file.emitters.map(\.name),
            warnings: reader.warnings)
    }

    /// Reads values and collects warnings for one file.
    struct Reader {
        var path: String
        var warnings: [SceneDiagnostic] = []
        let degrees = Double.pi / 180

        mutating func warn(_ line: Int, _ message: String) {
            warnings.append(GdxParticleFile.diagnostic(.warning, path, line == 0 ? nil : line, message))
        }

        // MARK: Values

        func number(_ e: GdxParticleFile.Emitter, _ section: GdxParticleFile.Section, _ key: String) throws -> Double? {
            guard let entry = section.entries[key] else { return nil }
            guard let v = Double(entry.value), v.isFinite, abs(v) <= GdxParticleImporter.maximumMagnitude else {
                throw GdxParticleFile.error(
                    path, entry.line,
                    "\(section.title) \(key) of emitter \"\(e.name)\" is \"\(entry.value.prefix(40))\"; expected a number within ±\(Int(GdxParticleImporter.maximumMagnitude))"
                )
            }
            return v
        }

        func flag(_ section: GdxParticleFile.Section?, _ key: String) -> Bool? {
            guard let entry = section?.entries[key] else { return nil }
            // Java's Boolean.parseBoolean: "true" in any case, anything else is false.
            return entry.value.lowercased() == "true"
        }

        func list(_ e: GdxParticleFile.Emitter, _ s: GdxParticleFile.Section, _ prefix: String) throws -> [Double]? {
            guard let count = try number(e, s, prefix + "Count") else { return nil }
            guard count >= 0, count <= Double(GdxParticleFile.maximumTimelineCount) else {
                throw GdxParticleFile.error(
                    path, s.entries[prefix + "Count"]?.line,
                    "\(s.title) \(prefix)Count of emitter \"\(e.name)\" is \(count); expected 0…\(GdxParticleFile.maximumTimelineCount)"
                )
            }
            var values: [Double] = []
            for i in 0..<Int(count) {
                guard let v = try number(e, s, "\(prefix)\(i)") else {
                    throw GdxParticleFile.error(
                        path, s.line,
                        "\(s.title) of emitter \"\(e.name)\" has \(prefix)Count \(Int(count)) but no \(prefix)\(i); the file is cut short or edited"
                    )
                }
                values.append(v)
            }
            return values
        }

        /// The value of section `title` (libGDX's defaults for a missing section or key).
        mutating func value(_ e: GdxParticleFile.Emitter, _ titles: [String], alwaysActive: Bool) throws -> GdxValue {
            var v = GdxValue()
            guard let s = titles.lazy.compactMap({ e.sections[$0] }).first else {
                v.active = alwaysActive
                return v
            }
            v.line = s.line
            v.active = alwaysActive || (flag(s, "active") ?? false)
            guard v.active else { return v }
            v.lowMin = try number(e, s, "lowMin") ?? 0
            v.lowMax = try number(e, s, "lowMax") ?? v.lowMin
            v.highMin = try number(e, s, "highMin") ?? 0
            v.highMax = try number(e, s, "highMax") ?? v.highMin
            v.relative = flag(s, "relative") ?? false
            v.independent = flag(s, "independent") ?? false
            let scaling = try list(e, s, "scaling") ?? [1]
            let timeline = try list(e, s, "timeline") ?? [0]
            if scaling.count != timeline.count {
                warn(
                    s.line,
                    "\(s.title) of emitter \"\(e.name)\" has \(scaling.count) scaling values for \(timeline.count) timeline points; the first \(min(scaling.count, timeline.count)) pairs are used"
                )
            }
            let n = min(scaling.count, timeline.count)
            v.scaling = n > 0 ? Array(scaling.prefix(n)) : [1]
            v.timeline = n > 0 ? Array(timeline.prefix(n)) : [0]
            return v
        }

        // MARK: Emitter

        mutating func layer(_ e: GdxParticleFile.Emitter, images: inout [String: String]) throws -> [String: Any] {
            let name = e.name
            let emission = try value(e, ["Emission"], alwaysActive: true)
            let life = try value(e, ["Life"], alwaysActive: true)
            let lifeOffset = try value(e, ["Life Offset"], alwaysActive: false)
            let duration = try value(e, ["Duration"], alwaysActive: true)
            let delay = try value(e, ["Delay"], alwaysActive: false)
            let xOffset = try value(e, ["X Offset"], alwaysActive: false)
            let yOffset = try value(e, ["Y Offset"], alwaysActive: false)
            let spawnWidth = try value(e, ["Spawn Width"], alwaysActive: true)
            let spawnHeight = try value(e, ["Spawn Height"], alwaysActive: true)
            let xScale = try value(e, ["X Scale", "Scale"], alwaysActive: true)
            let yScale = try value(e, ["Y Scale"], alwaysActive: false)
            let velocity = try value(e, ["Velocity"], alwaysActive: false)
            let angle = try value(e, ["Angle"], alwaysActive: false)
            let rotation = try value(e, ["Rotation"], alwaysActive: false)
            let wind = try value(e, ["Wind"], alwaysActive: false)
            let gravity = try value(e, ["Gravity"], alwaysActive: false)
            let transparency = try value(e, ["Transparency"], alwaysActive: true)
            let tint = try gradient(e)
            let options = e.sections["Options"]
            let count = e.sections["Count"]

            // Pool.
            var maxCount = 4.0
            var minCount = 0.0
            if let count {
                maxCount = try number(e, count, "max") ?? maxCount
                minCount = try number(e, count, "min") ?? 0
            }
            guard maxCount >= 0, maxCount <= Double(GdxParticleImporter.maximumCount) else {
                throw GdxParticleFile.error(
                    path, count?.entries["max"]?.line,
                    "Count max of emitter \"\(name)\" is \(maxCount); expected 0…\(GdxParticleImporter.maximumCount)")
            }
            if minCount > 0 {
                warn(
                    count?.entries["min"]?.line ?? 0,
                    "Count min \(Int(minCount)) of emitter \"\(name)\" is not imported: libGDX tops the pool up to it every frame while emitting; the emitter uses its emission rate only"
                )
            }

            // Rate and lifetime over the emitter's duration.
            if emission.varies {
                warn(
                    emission.line,
                    "Emission of emitter \"\(name)\" changes over the emitter's duration (timeline); imported as its average, \(text(emission.average))/s"
                )
            }
            let rate = max(0, emission.average)
            if life.varies {
                warn(
                    life.line,
                    "Life of emitter \"\(name)\" changes over the emitter's duration (timeline); imported as its average, \(text(life.average)) ms"
                )
            }
            if life.independent {
                warn(life.line, "Life independent (per-particle life timeline) of emitter \"\(name)\" is not imported")
            }
            let lifetime = max(0, life.average) / 1000
            let lifetimeRange = (life.breakpoints.map(life.half).max() ?? 0) / 1000
            if lifeOffset.active {
                warn(
                    lifeOffset.line,
                    "Life Offset of emitter \"\(name)\" (particles born part-way through their life) is not imported")
            }

            var cell: [String: Any] = [
                "birthRate": rate, "lifetime": lifetime, "lifetimeRange": lifetimeRange,
            ]
            let continuous = flag(options, "continuous") ?? false
            if !continuous {
                // A one-shot emits for its duration; libGDX's clock counts whole milliseconds.
                cell["duration"] = max(duration.lowMid, 1) / 1000
            }
            if delay.active && delay.lowMid > 0 { cell["beginTime"] = delay.lowMid / 1000 }

            // Direction and speed (y up, counter-clockwise degrees → y down, clockwise radians).
            let a0 = angle.active ? angle.mean(0) : 0
            cell["emissionLongitude"] = -a0 * degrees
            cell["emissionRange"] = angle.active ? 2 * angle.half(0) * degrees : 0
            // Each particle's own low and high differ even where their midpoints cancel: the shape decides.
            if angle.active && angle.timeline.count > 1 && angle.scaling.contains(where: { $0 != angle.scaling[0] }) {
                warn(
                    angle.line,
                    "Angle of emitter \"\(name)\" turns the direction over each particle's life; only its start (\(text(a0))° ± \(text(angle.half(0)))°) is imported"
                )
            }
            if velocity.active {
                let v0 = velocity.mean(0)
                let reference = velocity.breakpoints.map { abs(velocity.mean($0)) }.max() ?? 0
                if velocity.varies && reference > 0 {
                    let base = v0 != 0 ? v0 : reference
                    cell["velocity"] = base
                    cell["velocityRange"] = v0 != 0 ? velocity.half(0) : 0
                    cell["speedOverLife"] = curve(velocity.stops { velocity.mean($0) / base })
                } else {
                    cell["velocity"] = v0
                    cell["velocityRange"] = velocity.half(0)
                }
            }
            for (v, what) in [(wind, "Wind"), (gravity, "Gravity")] where v.active {
                guard v.lowMin != 0 || v.lowMax != 0 || v.highMin != 0 || v.highMax != 0 else { continue }
                warn(
                    v.line,
                    "\(what) of emitter \"\(name)\" is not imported: libGDX adds it to each step's movement as a velocity (not an acceleration), which has no equivalent"
                )
            }

            // Colour over life.
            let a = transparency
            if tint.varies {
                cell["colorOverLife"] = colorCurve(tint.stops())
                cell["color"] = [1, 1, 1, a.varies ? 1 : a.mean(0)]
            } else {
                let c = tint.color(0)
                cell["color"] = [c[0], c[1], c[2], a.varies ? 1 : a.mean(0)].map { $0.clamped(to: 0...1) }
            }
            if a.varies { cell["alphaOverLife"] = curve(a.stops { a.mean($0) }) }

            // Rotation: libGDX turns the sprite to rotation(t) = low + diff × scale(t); its change is a
            // spin whose speed follows the timeline's slopes (a step curve, exact at the mean lifetime).
            if rotation.active {
                cell["rotation"] = -rotation.mean(0) * degrees
                cell["rotationRange"] = rotation.half(0) * degrees
                let slopes = segmentSlopes(rotation)
                let biggest = slopes.map { abs($0.slope) }.max() ?? 0
                if rotation.timeline.count > 1, biggest > 0, lifetime > 0 {
                    let diffMid = rotation.relative ? rotation.highMid : rotation.highMid - rotation.lowMid
                    let diffHalf = rotation.relative ? rotation.highHalf : rotation.highHalf + rotation.lowHalf
                    cell["spin"] = -diffMid * biggest * degrees / lifetime
                    cell["spinRange"] = diffHalf * biggest * degrees / lifetime
                    var stops = slopes.map { [$0.t, $0.slope / biggest] }
                    stops.append([1, stops.last?[1] ?? 0])
                    cell["spinOverLife"] = ["stops": stops, "interpolation": "step"]
                }
            }
            if flag(options, "aligned") == true {
                warn(
                    options?.entries["aligned"]?.line ?? 0,
                    "aligned of emitter \"\(name)\" (sprites turned by their direction) is not imported")
            }

            // Images and sprite mode.
            let spriteMode = options?.entries["spriteMode"]
            let mode = spriteMode?.value ?? "single"
            var names = e.imagePaths.map { GdxParticleImporter.imageFileName($0.value) }.filter { !$0.isEmpty }
            if names.isEmpty {
                warn(e.line, "emitter \"\(name)\" names no image; its particles use the built-in \"softDot\" sprite")
            }
            switch mode {
            case "random" where names.count > 1: break
            case "animated" where names.count > 1:
                warn(
                    spriteMode?.line ?? 0,
                    "spriteMode animated of emitter \"\(name)\" (\(names.count) images shown in turn over each particle's life) needs one sprite sheet for contentsFrames; only the first image is used"
                )
                names = [names[0]]
            case "single", "random", "animated":
                names = Array(names.prefix(1))
            default:
                warn(spriteMode?.line ?? 0, "spriteMode \"\(mode)\" of emitter \"\(name)\" is unknown; read as single")
                names = Array(names.prefix(1))
            }
            let folder = (path as NSString).deletingLastPathComponent
            var contents: [(reference: String, width: Double)] = []
            for file in names.isEmpty ? [""] : names {
                let full = folder.isEmpty ? file : folder + "/" + file
                if !file.isEmpty, let image = try? PNGCodec.load(path: full) {
                    images[file] = full
                    contents.append((file, max(1, Double(image.width))))
                } else {
                    if !file.isEmpty {
                        warn(
                            e.imagePaths.first?.line ?? e.line,
                            "image \"\(file)\" of emitter \"\(name)\" is not a readable PNG next to the file; its particles use the built-in \"softDot\" sprite (put the PNG at \(full))"
                        )
                    }
                    let width = Double(BuiltinSprites.image(named: "softDot")?.width ?? 32)
                    contents.append(("builtin:softDot", width))
                }
            }

            // Size: libGDX's scale is the sprite's width in world units.
            let width = contents[0].width
            if xScale.varies {
                let reference = xScale.breakpoints.map { abs(xScale.mean($0)) }.max() ?? 0
                if reference > 0 {
                    cell["scale"] = reference / width
                    cell["scaleRange"] = (xScale.breakpoints.map(xScale.half).max() ?? 0) / width
                    cell["scaleOverLife"] = curve(xScale.stops { xScale.mean($0) / reference })
                } else {
                    cell["scale"] = 0
                }
            } else {
                cell["scale"] = xScale.mean(0) / width
                cell["scaleRange"] = xScale.half(0) / width
            }
            let sameAsX = xScale.breakpoints.allSatisfy { abs(yScale.mean($0) - xScale.mean($0)) < 1e-9 }
            if yScale.active && !sameAsX {
                warn(
                    yScale.line,
                    "Y Scale of emitter \"\(name)\" differs from X Scale and is not imported: sprites scale evenly by X Scale"
                )
            }

            // Emitter layer: shape, position, blending.
            var layer: [String: Any] = [
                "type": "emitter",
                "name": GdxParticleImporter.safeName(name, fallback: "emitter"),
                "frame": [
                    0, 0, Double(GdxParticleImporter.designSize.width), Double(GdxParticleImporter.designSize.height),
                ],
                "maxParticles": max(1, Int(maxCount)),
                "renderMode": (flag(options, "additive") ?? true) ? "additive" : "unordered",
            ]
            var x = Double(GdxParticleImporter.designSize.width) / 2
            var y = Double(GdxParticleImporter.designSize.height) / 2
            if xOffset.active { x += xOffset.lowMid }
            if yOffset.active { y -= yOffset.lowMid }
            let shapeSection = e.sections["Spawn Shape"]
            let shape = shapeSection?.entries["shape"]?.value ?? "point"
            for v in [spawnWidth, spawnHeight] where v.varies && shape != "point" {
                warn(
                    v.line,
                    "Spawn \(v == spawnWidth ? "Width" : "Height") of emitter \"\(name)\" changes over the emitter's duration; imported as its average"
                )
            }
            let w = abs(spawnWidth.average)
            let h = abs(spawnHeight.average)
            let jitter = (xOffset.active ? xOffset.lowHalf : 0, yOffset.active ? yOffset.lowHalf : 0)
            switch shape {
            case "square":
                layer["emitterShape"] = "rectangle"
                layer["emitterMode"] = "volume"
                layer["emitterSize"] = [w + 2 * jitter.0, h + 2 * jitter.1]
            case "ellipse":
                let edges = flag(shapeSection, "edges") ?? false
                layer["emitterShape"] = "circle"
                layer["emitterMode"] = edges ? "outline" : "volume"
                layer["emitterSize"] = [(w + h) / 4, 0]
                if abs(w - h) > 1e-9 {
                    warn(
                        shapeSection?.line ?? 0,
                        "Spawn Shape ellipse of emitter \"\(name)\" is \(text(w))×\(text(h)); imported as a circle of diameter \(text((w + h) / 2))"
                    )
                }
                if edges, let side = shapeSection?.entries["side"], side.value != "both" {
                    warn(
                        side.line,
                        "side \(side.value) of emitter \"\(name)\"'s ellipse is not imported: the whole outline emits")
                }
            case "line":
                // libGDX's line runs from the position to position + (width, height).
                layer["emitterShape"] = "line"
                layer["emitterMode"] = "volume"
                layer["emitterSize"] = [w, 0]
                x += spawnWidth.average / 2
                if h != 0 {
                    warn(
                        spawnHeight.line,
                        "Spawn Shape line of emitter \"\(name)\" rises \(text(spawnHeight.average)) over its width; imported as a horizontal line"
                    )
                }
            case "point":
                if jitter.0 > 0 || jitter.1 > 0 {
                    layer["emitterShape"] = "rectangle"
                    layer["emitterMode"] = "volume"
                    layer["emitterSize"] = [2 * jitter.0, 2 * jitter.1]
                }
            default:
                warn(
                    shapeSection?.entries["shape"]?.line ?? 0,
                    "Spawn Shape \"\(shape)\" of emitter \"\(name)\" is unknown; read as point")
            }
            if shape != "point" && (jitter.0 > 0 || jitter.1 > 0) && shape != "square" {
                warn(
                    xOffset.line,
                    "X/Y Offset ranges of emitter \"\(name)\" on a \(shape) are not imported (only their midpoints)")
            }
            layer["emitterPosition"] = [x, y]
            for key in ["attached", "premultipliedAlpha"] where flag(options, key) == true {
                warn(
                    options?.entries[key]?.line ?? 0,
                    key == "attached"
                        ? "attached of emitter \"\(name)\" (particles follow a moving emitter) is not imported"
                        : "premultipliedAlpha of emitter \"\(name)\" is not imported: images are read as straight alpha"
                )
            }

            // One cell per image: libGDX's random sprite mode picks one uniformly per particle.
            var cells: [[String: Any]] = []
            for (i, c) in contents.enumerated() {
                var one = cell
                one["name"] =
                    GdxParticleImporter.safeName(name, fallback: "particles") + (contents.count > 1 ? "_\(i + 1)" : "")
                one["contents"] = c.reference
                one["birthRate"] = rate / Double(contents.count)
                if c.width != width, let s = cell["scale"] as? Double {
                    one["scale"] = s * width / c.width
                    if let r = cell["scaleRange"] as? Double { one["scaleRange"] = r * width / c.width }
                }
                cells.append(one)
            }
            layer["emitterCells"] = cells
            return layer
        }

        /// The tint gradient (`- Tint -`: colorsCount, colors…, timelineCount, timeline…).
        mutating func gradient(_ e: GdxParticleFile.Emitter) throws -> GdxGradient {
            guard let s = e.sections["Tint"] else { return GdxGradient() }
            var g = GdxGradient(line: s.line)
            let flat = try list(e, s, "colors") ?? [1, 1, 1]
            let timeline = try list(e, s, "timeline") ?? [0]
            var colors: [[Double]] = []
            var i = 0
            while i + 2 < flat.count {
                colors.append([flat[i], flat[i + 1], flat[i + 2]].map { $0.clamped(to: 0...1) })
                i += 3
            }
            if flat.count % 3 != 0 || colors.count != timeline.count {
                warn(
                    s.line,
                    "Tint of emitter \"\(e.name)\" has \(flat.count) colour values for \(timeline.count) timeline points (3 per point expected); the complete pairs are used"
                )
            }
            let n = min(colors.count, timeline.count)
            if n > 0 {
                g.colors = Array(colors.prefix(n))
                g.timeline = Array(timeline.prefix(n))
            }
            return g
        }

        /// The slope of the scaling per unit of life fraction on each segment, with its start.
        func segmentSlopes(_ v: GdxValue) -> [(t: Double, slope: Double)] {
            let b = v.breakpoints
            var out: [(t: Double, slope: Double)] = []
            for k in 0..<(b.count - 1) where b[k + 1] > b[k] {
                out.append((b[k], (v.scale(b[k + 1]) - v.scale(b[k])) / (b[k + 1] - b[k])))
            }
            return out.count > 15 ? Array(out.prefix(15)) : out
        }

        func curve(_ stops: [(t: Double, value: Double)]) -> [[Double]] { stops.map { [$0.t, $0.value] } }

        func colorCurve(_ stops: [(t: Double, rgb: [Double])]) -> [[Any]] {
            stops.map { [$0.t, $0.rgb + [1]] }
        }

        func text(_ v: Double) -> String { PlistDictionary.text(v) }
    }

    /// libGDX looks images up by file name in the effect's image folder (backslashes are separators).
    static func imageFileName(_ path: String) -> String {
        let unified = path.replacingOccurrences(of: "\\", with: "/")
        return (unified as NSString).lastPathComponent
    }

    /// A cell or layer name: letters, digits and underscores only (names are key-path components).
    static func safeName(_ name: String, fallback: String) -> String {
        let safe = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        return safe.isEmpty ? fallback : safe
    }
}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
