import Foundation
import LayerKit
import SceneFormat

// MARK: - Importer

/// Imports SpriteKit `.sks` emitter files (an `SKEmitterNode` archived by `NSKeyedArchiver` in a binary
/// property list) as scenes (docs/Import.md, "SpriteKit").
///
/// ```swift
/// let effect = try SpriteKitImporter.importFile(path: "Fire.sks")
/// let scene = try effect.scene()                       // play or render it
/// try effect.write(toJSON: "fire.json")                // or save it as a scene file (+ its PNG)
/// ```
///
/// SpriteKit's ranges are full widths (value ± range/2; Core Animation's are ± range), its y axis points
/// up and its angles turn counter-clockwise from +x; the engine is y-down with clockwise angles, so
/// `emissionLongitude = −emissionAngle`, `yAcceleration = −yAcceleration`, `spin = −rotationSpeed`.
/// A key an older Xcode did not write takes SpriteKit's documented default. An archive whose root is
/// not an `SKEmitterNode` is an error naming what it holds.
public enum SpriteKitImporter {
    /// The view an imported emitter is placed in, points; the emitter node sits at its centre.
    public static let designSize = CGSize(width: 640, height: 480)
    /// Keyframes an `…OverLife` curve holds at most (a longer sequence is resampled).
    static let maximumStops = 16

    /// Imports the file at `path`; the texture is looked up next to it.
    public static func importFile(path: String) throws -> SpriteKitImport {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw KeyedArchive.error(path, "cannot read the SpriteKit file (no such file); check the path")
        }
        if isDirectory.boolValue { throw KeyedArchive.error(path, "is a folder, not an .sks file") }
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
        if size > KeyedArchive.maximumFileSize {
            throw KeyedArchive.error(
                path,
                "the file is \(size) bytes; the limit is \(KeyedArchive.maximumFileSize) bytes (is this an emitter?)")
        }
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else {
            throw KeyedArchive.error(path, "cannot read the file (permission denied or not a regular file)")
        }
        return try importData(data, path: path)
    }

    /// Imports a file's bytes; `path` names it in messages and locates the texture.
    public static func importData(_ data: Data, path: String) throws -> SpriteKitImport {
        let archive = try KeyedArchive(data: data, file: path)
        let node =
            try archive.descend(into: archive.top["root"], key: "$top.root") { inner, object -> [String: Any] in
                let name = try inner.className(of: object, key: "$top.root")
                guard name == "SKEmitterNode", let d = object as? [String: Any] else {
                    throw KeyedArchive.error(path, notAnEmitter(name))
                }
                return d
            }
        guard let node else {
            throw KeyedArchive.error(path, "the archive has no root object ($top.root); it holds no emitter")
        }
        var reader = SpriteKitArchiveReader(archive: archive, node: node)
        return try makeImport(&reader, path: path)
    }

    /// The scene of the file at `path` (the `sks` reader of `SceneSource`).
    public static func loadScene(path: String) throws -> Scene {
        try importFile(path: path).scene()
    }

    /// The message for a root object of class `name` that is not an emitter.
    static func notAnEmitter(_ name: String?) -> String {
        let what: String
        switch name {
        case "SKScene"?: what = "a SpriteKit scene (SKScene)"
        case "NSDictionary"?, "NSMutableDictionary"?: what = "a dictionary (an action table, Actions.sks)"
        case "SKTileSet"?: what = "a tile set (SKTileSet)"
        case let other?: what = "an object of class \(other)"
        case nil: what = "a plain value"
        }
        return
            "the archive's root is \(what), not a particle emitter (SKEmitterNode); import an emitter file made with File ▸ New ▸ SpriteKit Particle File"
    }

    // MARK: - Mapping

    private static func makeImport(_ r: inout SpriteKitArchiveReader, path: String) throws -> SpriteKitImport {
        let name = ParticleDesignerImporter.baseName(path)
        let cell = CAEmitterCell()
        cell.name = name

        // Emission: birth rate, count, lifetime.
        let birthRate = try r.number("_birthrate", default: 0)
        if birthRate < 0 {
            throw KeyedArchive.error(path, "_birthrate (particleBirthRate) is \(birthRate); expected ≥ 0")
        }
        let lifetime = max(0, try r.number("_lifetime", default: 0))
        let lifetimeRange = abs(try r.number("_lifetimeVariance", default: 0))
        let count = try r.number("_numParticlesToEmit", default: 0)
        cell.birthRate = Float(birthRate)
        cell.lifetime = Float(lifetime)
        cell.lifetimeRange = Float(lifetimeRange / 2)
        if count > 0 && birthRate > 0 {
            // SpriteKit stops after numParticlesToEmit particles: at a constant rate that is this long.
            cell.duration = count.rounded(.down) / birthRate
        }
        if lifetime == 0 {
            r.warn("_lifetime", "particleLifetime is 0: SpriteKit shows no particles, nor does the import")
        }

        // Motion (y up, angles counter-clockwise → y down, clockwise).
        cell.velocity = CGFloat(try r.number("_startSpeed", default: 0))
        cell.velocityRange = CGFloat(abs(try r.number("_startSpeedVariance", default: 0)) / 2)
        cell.emissionLongitude = CGFloat(-(try r.number("_emissionAngle", default: 0)))
        cell.emissionRange = CGFloat(abs(try r.number("_emissionAngleVariance", default: 0)))
        let acceleration = try r.pair("_acceleration", default: (0, 0))
        cell.xAcceleration = CGFloat(acceleration.0)
        cell.yAcceleration = CGFloat(-acceleration.1)
        for key in ["_emissionDistance", "_emissionDistanceRange"] {
            guard try r.number(key, default: 0) != 0 else { continue }
            r.warn(key, "\(key) (a private SpriteKit key) is not imported: particles start at the emitter's position")
        }

        // Rotation of the sprite.
        let rotation = try r.number("_startRotation", default: 0)
        let rotationRange = abs(try r.number("_startRotationVariance", default: 0))
        if rotation != 0 || rotationRange != 0 {
            cell.rotation = CGFloat(-rotation)
            cell.rotationRange = CGFloat(rotationRange / 2)
        }
        cell.spin = CGFloat(-(try r.number("_rotationSpeed", default: 0)))

        // Texture and size.
        let textureInfo = try r.texture()
        if textureInfo?.isGenerated == true {
            r.warn(
                "_particleTexture", "the texture was made from data or a path in code; only named images are imported")
        }
        let (texture, textureProblem) = try SpriteKitTexture.load(name: textureInfo?.name, sksPath: path)
        let particleSize = try r.pair("_startSize", default: (0, 0))
        // SpriteKit draws a particle at particleSize when set, else at the texture's size in points.
        let pointWidth =
            particleSize.0 > 0
            ? particleSize.0 : (textureInfo?.pointSize?.0 ?? textureInfo?.pixelSize?.0 ?? Double(texture.image.width))
        if let textureProblem {
            r.warn(
                "_particleTexture",
                "\(textureProblem); the particles use the built-in \"\(ParticleTexture.fallbackName)\" sprite at \(PlistDictionary.text(pointWidth)) points instead (put the PNG next to the .sks to use the real one)"
            )
        }
        cell.contents = texture.image
        if pointWidth > 0 { cell.contentsScale = CGFloat(Double(texture.image.width) / pointWidth) }

        // Scale.
        let scaleSequence = try r.sequence("_particleScaleSequence", colours: false)
        if let s = scaleSequence, let curve = try valueCurve(s, key: "_particleScaleSequence", &r) {
            cell.scale = 1
            cell.scaleOverLife = curve
        } else if let s = scaleSequence {
            cell.scale = CGFloat(s.values[0][0])
        } else {
            cell.scale = CGFloat(try r.number("_startScale", default: 1))
            cell.scaleRange = CGFloat(abs(try r.number("_startScaleVariance", default: 0)) / 2)
            cell.scaleSpeed = CGFloat(try r.number("_scaleSpeed", default: 0))
        }
        // SpriteKit does not draw a shrinking particle mirrored; Core Animation would.
        if cell.scaleSpeed < 0 || cell.scaleRange > cell.scale { cell.clampsNegativeScale = true }

        try mapColour(&r, cell: cell, lifetime: lifetime, lifetimeRange: lifetimeRange)

        for (key, what) in [
            ("_particleColorBlendFactorSequence", "particleColorBlendFactorSequence"),
            ("_particleRotationSequence", "a rotation keyframe sequence"),
            ("_fieldInfluenceSequence", "fieldInfluenceSequence"),
            ("_particleAction", "particleAction"), ("_shader", "shader"),
        ] where r.has(key) {
            r.warn(key, "\(what) is not imported (the engine has no equivalent)")
        }
        let zSpeed = try r.number("_zPositionSpeed", default: 0)
        if zSpeed != 0 {
            r.warn("_zPositionSpeed", "particle z positions are not imported (particles draw in emission order)")
        }
        let fieldMask = try r.number("_fieldBitMask", default: 0)
        if fieldMask != 0 {
            r.warn(
                "_fieldBitMask",
                "fieldBitMask is \(PlistDictionary.text(fieldMask)): in SpriteKit physics fields move these particles; the engine's scene has no SpriteKit fields, so none act on them"
            )
        }

        // The emitter layer: the node at the centre, its particle position offset and range as a rectangle.
        let emitter = CAEmitterLayer()
        emitter.name = name
        emitter.frame = CGRect(origin: .zero, size: designSize)
        let nodePosition = try r.pair("_position", default: (0, 0))
        let offset = try r.pair("_startPosition", default: (0, 0))
        if nodePosition != (0, 0) {
            r.warn("_position", "the node's position is an app's choice; the import centres the emitter instead")
        }
        emitter.emitterPosition = CGPoint(
            x: Double(designSize.width) / 2 + offset.0, y: Double(designSize.height) / 2 - offset.1)
        let range = try r.pair("_startPositionVariance", default: (0, 0))
        if range.0 != 0 || range.1 != 0 {
            emitter.emitterShape = .rectangle
            emitter.emitterMode = .volume
            emitter.emitterSize = CGSize(width: abs(range.0), height: abs(range.1))
        }
        emitter.renderMode = try renderMode(&r)
        emitter.emitterCells = [cell]
        return SpriteKitImport(sourcePath: path, emitter: emitter, cell: cell, texture: texture, warnings: r.problems)
    }

    // MARK: - Colour and alpha

    /// Colour, blend factor and alpha. SpriteKit tints the texture by `particleColor` in proportion to
    /// `particleColorBlendFactor` (0 by default: the texture's own colours) and multiplies by
    /// `particleAlpha`; the engine multiplies the texture by one colour, so the tint becomes
    /// 1 − f + f·c per channel.
    private static func mapColour(
        _ r: inout SpriteKitArchiveReader, cell: CAEmitterCell, lifetime: Double, lifetimeRange: Double
    ) throws {
        let blend = min(max(try r.number("_startColorMix", default: 0), 0), 1)
        let blendRange = try r.number("_startColorBlendVariance", default: 0)
        let blendSpeed = try r.number("_colorBlendSpeed", default: 0)
        if blendRange != 0 || blendSpeed != 0 {
            r.warn(
                "_colorBlendSpeed",
                "the colour blend factor's range and speed are not imported; the factor stays \(PlistDictionary.text(blend))"
            )
        }
        func tint(_ c: Double) -> Double { 1 - blend + blend * c }

        let colourSequence = try r.sequence("_particleColorSequence", colours: true)
        let alphaSequence = try r.sequence("_particleAlphaSequence", colours: false)
        var opacity = try r.number("_startOpacity", default: 1)
        var opacityRange = abs(try r.number("_startOpacityVariance", default: 0)) / 2
        var opacitySpeed = try r.number("_opacitySpeed", default: 0)
        if let a = alphaSequence {
            if let curve = try valueCurve(a, key: "_particleAlphaSequence", &r) {
                cell.alphaOverLife = curve
                opacity = 1
            } else {
                opacity = a.values[0][0]
            }
            opacityRange = 0
            opacitySpeed = 0
        }

        if let s = colourSequence {
            // The sequence replaces particleColor, its ranges and speeds (Apple's particleColorSequence).
            let tinted = s.values.map { [tint($0[0]), tint($0[1]), tint($0[2]), $0[3]] }
            if let curve = try colourCurve(s, tinted, &r) {
                cell.colorOverLife = curve
                cell.color = CGColor(red: 1, green: 1, blue: 1, alpha: CGFloat(min(max(opacity, 0), 1)))
                cell.alphaRange = Float(opacityRange)
                // Under a colour curve the engine ignores alphaSpeed: the alpha ramp goes into alphaOverLife.
                if opacitySpeed != 0 {
                    cell.alphaOverLife = try alphaRamp(
                        opacity: opacity, speed: opacitySpeed, lifetime: lifetime, lifetimeRange: lifetimeRange, &r)
                }
                return
            }
            let c = tinted[0]
            cell.color = CGColor(
                red: CGFloat(c[0]), green: CGFloat(c[1]), blue: CGFloat(c[2]),
                alpha: CGFloat(min(max(c[3] * opacity, 0), 1)))
            cell.alphaRange = Float(c[3] * opacityRange)
            cell.alphaSpeed = Float(c[3] * opacitySpeed)
            return
        }

        let colour = try ["R", "G", "B", "A"].map { try r.number("_startColor" + $0, default: 1) }.map {
            min(max($0, 0), 1)
        }
        let variance = try ["R", "G", "B", "A"].map { abs(try r.number("_startColorVariance" + $0, default: 0)) / 2 }
        let speed = try ["R", "G", "B", "A"].map { try r.number("_colorSpeed" + $0, default: 0) }
        cell.color = CGColor(
            red: CGFloat(tint(colour[0])), green: CGFloat(tint(colour[1])), blue: CGFloat(tint(colour[2])),
            alpha: CGFloat(min(max(colour[3] * opacity, 0), 1)))
        cell.redRange = Float(blend * variance[0])
        cell.greenRange = Float(blend * variance[1])
        cell.blueRange = Float(blend * variance[2])
        cell.redSpeed = Float(blend * speed[0])
        cell.greenSpeed = Float(blend * speed[1])
        cell.blueSpeed = Float(blend * speed[2])
        // Alpha is particleColor's alpha × particleAlpha: ranges and speeds to first order.
        cell.alphaRange = Float(colour[3] * opacityRange + opacity * variance[3])
        cell.alphaSpeed = Float(colour[3] * opacitySpeed + opacity * speed[3])
    }

    /// particleAlphaSpeed as a factor over life (1 at birth, reaching 0 where the alpha runs out), exact for
    /// particles of the mean lifetime.
    private static func alphaRamp(
        opacity: Double, speed: Double, lifetime: Double, lifetimeRange: Double, _ r: inout SpriteKitArchiveReader
    ) throws -> ParticleValueCurve? {
        guard opacity > 0, lifetime > 0 else { return nil }
        if lifetimeRange > 0 {
            r.warn(
                "_opacitySpeed",
                "particleAlphaSpeed with a colour sequence becomes alphaOverLife, exact for the mean lifetime \(PlistDictionary.text(lifetime)) s only"
            )
        }
        let end = 1 + speed * lifetime / opacity
        let top = 1 / opacity
        if end >= 0 { return try ParticleValueCurve(stops: [(0, 1), (1, min(end, top))]) }
        let zero = -opacity / (speed * lifetime)
        return try ParticleValueCurve(stops: [(0, 1), (zero, 0), (1, 0)])
    }

    // MARK: - Keyframe sequences

    /// The interpolation of a sequence; spline (2) becomes the engine's monotone `smooth`.
    private static func interpolation(
        _ s: SpriteKitArchiveReader.Sequence, key: String, _ r: inout SpriteKitArchiveReader
    )
        -> ParticleCurveInterpolation
    {
        if s.repeatMode == 2 {
            r.warn(key, "the sequence loops (SKRepeatModeLoop); imported as clamped: it plays once over each life")
        }
        switch s.interpolationMode {
        case 3: return .step
        case 2:
            r.warn(key, "spline keyframes are imported as the engine's monotone cubic (smooth); it never overshoots")
            return .smooth
        default: return .linear
        }
    }

    /// Keyframes as stops at life fractions 0…1: sorted, clamped to 0…1 with SpriteKit's clamp (the first
    /// value before the first keyframe, the last after the last), repeated times separated, and resampled
    /// to `maximumStops` when longer. Nil for a single keyframe (a constant).
    static func stops(times: [Double], values: [[Double]]) -> [(t: Double, value: [Double])]? {
        let pairs = zip(times, values).map { (t: $0, value: $1) }.sorted { $0.t < $1.t }
        guard pairs.count > 1 else { return nil }
        func sample(_ t: Double) -> [Double] {
            if t <= pairs[0].t { return pairs[0].value }
            for k in 1..<pairs.count where t <= pairs[k].t {
                let a = pairs[k - 1]
                let b = pairs[k]
                let f = b.t > a.t ? (t - a.t) / (b.t - a.t) : 1
                return zip(a.value, b.value).map { $0 + ($1 - $0) * f }
            }
            return pairs[pairs.count - 1].value
        }
        var inside = pairs.filter { $0.t > 0 && $0.t < 1 }
        var out: [(t: Double, value: [Double])] = [(0, sample(0))]
        if inside.count > maximumStops - 2 {
            let n = maximumStops - 2
            inside = (1...n).map { k in
                let t = Double(k) / Double(n + 1)
                return (t: t, value: sample(t))
            }
        }
        for p in inside {
            // Equal times (a jump) become a step one-millionth of a life long.
            let t = max(p.t, out[out.count - 1].t + 1e-6)
            if t < 1 { out.append((t, p.value)) }
        }
        out.append((1, sample(1)))
        return out
    }

    private static func valueCurve(
        _ s: SpriteKitArchiveReader.Sequence, key: String, _ r: inout SpriteKitArchiveReader
    ) throws -> ParticleValueCurve? {
        guard let list = stops(times: s.times, values: s.values) else { return nil }
        let mode = interpolation(s, key: key, &r)
        do {
            return try ParticleValueCurve(stops: list.map { (t: $0.t, value: $0.value[0]) }, interpolation: mode)
        } catch {
            throw KeyedArchive.error(r.file, "\(key): the keyframes do not make a curve (\(error))")
        }
    }

    private static func colourCurve(
        _ s: SpriteKitArchiveReader.Sequence, _ tinted: [[Double]], _ r: inout SpriteKitArchiveReader
    ) throws -> ParticleColorCurve? {
        guard let list = stops(times: s.times, values: tinted) else { return nil }
        let mode = interpolation(s, key: "_particleColorSequence", &r)
        do {
            return try ParticleColorCurve(
                stops: list.map { stop in
                    let c = stop.value.map { CGFloat(min(max($0, 0), 1)) }
                    return (t: stop.t, color: CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
                }, interpolation: mode)
        } catch {
            throw KeyedArchive.error(r.file, "_particleColorSequence: the keyframes do not make a curve (\(error))")
        }
    }

    // MARK: - Blend mode and render order

    /// SKBlendMode (alpha 0, add 1, subtract 2, multiply 3, multiplyX2 4, screen 5, replace 6,
    /// multiplyAlpha 7) and SKParticleRenderOrder (oldestLast 0, oldestFirst 1, dontCare 2).
    private static func renderMode(_ r: inout SpriteKitArchiveReader) throws -> CAEmitterLayerRenderMode {
        let blend = Int(try r.number("_particleBlendMode", default: 0))
        let order = Int(try r.number("_particleRenderOrder", default: 0))
        if blend == 1 { return .additive }
        if blend != 0 {
            let names = [2: "subtract", 3: "multiply", 4: "multiplyX2", 5: "screen", 6: "replace", 7: "multiplyAlpha"]
            r.warn(
                "_particleBlendMode",
                "blend mode \(names[blend] ?? "\(blend)") has no equivalent; imported as \(blend == 5 ? "additive" : "alpha (source-over)") (the engine blends source-over or additive)"
            )
            if blend == 5 { return .additive }
        }
        switch order {
        case 1: return .oldestFirst
        case 2: return .unordered
        default: return .oldestLast
        }
    }
}
