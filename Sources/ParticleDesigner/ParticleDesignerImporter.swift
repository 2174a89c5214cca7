import Foundation
import LayerKit
import SceneFormat

// MARK: - Importer

/// Imports Particle Designer / cocos2d `.plist` particle files as scenes (docs/Import.md).
///
/// ```swift
/// let effect = try ParticleDesignerImporter.importFile(path: "Galaxy.plist")
/// let scene = try effect.scene()                       // play or render it
/// try effect.write(toJSON: "galaxy.json")              // or save it as a scene file (+ its PNG)
/// ```
///
/// Gravity mode (A) and radius mode (B) map onto one emitter cell; what Core Animation lacks (radial
/// and tangential acceleration, start → finish values, orbits) uses the cell extensions of
/// `CAEmitterCell+Extensions.swift`. Problems that do not stop the import are warnings; a file that
/// cannot be read is a `SceneError` naming it. No input crashes or hangs.
public enum ParticleDesignerImporter {
    /// The view cocos2d's particle files are designed for, points (y up in the file, flipped here).
    public static let designSize = CGSize(width: 320, height: 480)
    /// cocos2d's frame rate: an infinite emission rate fills the pool every 1/60 s, and a one-shot
    /// duration shorter than one frame emits for one frame.
    public static let cocosFrameRate: Double = 60

    /// The cocos2d runtime whose arithmetic an import follows where runtimes differ.
    public enum Runtime: String, CaseIterable, Sendable {
        /// cocos2d-objc v3 and Cocos Creator: `emissionRate`, when present and > 0, is the birth rate.
        case cocos2d
        /// cocos2d-x 2.x/3.x: `emissionRate` is ignored; the rate is always maxParticles ÷ particleLifespan.
        case cocos2dX = "cocos2d-x"
    }

    /// Imports the file at `path`; a texture file is looked up next to it. Default runtime `.cocos2d`.
    public static func importFile(path: String, runtime: Runtime = .cocos2d) throws -> ParticleDesignerImport {
        var plist = try PlistDictionary(path: path)
        return try makeImport(&plist, path: path, runtime: runtime)
    }

    /// Imports a file's bytes; `path` names it in messages and locates `textureFileName`.
    public static func importData(
        _ data: Data, path: String, runtime: Runtime = .cocos2d
    ) throws -> ParticleDesignerImport {
        var plist = try PlistDictionary(data: data, file: path)
        return try makeImport(&plist, path: path, runtime: runtime)
    }

    /// The scene of the file at `path` (the `plist` reader of `SceneSource`).
    public static func loadScene(path: String, runtime: Runtime = .cocos2d) throws -> Scene {
        try importFile(path: path, runtime: runtime).scene()
    }

    // MARK: - Mapping

    private static func makeImport(
        _ p: inout PlistDictionary, path: String, runtime: Runtime
    ) throws -> ParticleDesignerImport {
        let degrees = Double.pi / 180
        let name = baseName(path)

        // A sprite sheet (TexturePacker, Zwoptex) is the other common cocos2d .plist.
        if p.has("frames") && !p.has("maxParticles") {
            throw PlistDictionary.error(
                path,
                "holds a sprite sheet (frames, metadata), not a particle emitter; import the effect's Particle Designer .plist (with maxParticles, emitterType …)"
            )
        }

        // Mode.
        let typeValue = try p.number("emitterType")
        guard typeValue == 0 || typeValue == 1 else {
            throw PlistDictionary.error(
                path, "emitterType is \(PlistDictionary.text(typeValue)); expected 0 (gravity) or 1 (radius)")
        }
        let mode: ParticleDesignerImport.Mode = typeValue == 0 ? .gravity : .radius

        // Budget, lifetime, rate, duration.
        let maxValue = try p.number("maxParticles")
        guard maxValue >= 1, maxValue <= 1_000_000 else {
            throw PlistDictionary.error(
                path,
                p.has("maxParticles")
                    ? "maxParticles is \(PlistDictionary.text(maxValue)); expected 1…1000000"
                    : "maxParticles is missing; a Particle Designer file gives the particle pool size")
        }
        let maxParticles = Int(maxValue.rounded(.down))
        var life = try p.number("particleLifespan")
        if life < 0 {
            p.warn(
                "particleLifespan is \(PlistDictionary.text(life)); cocos2d clamps lifetimes at 0, so it is read as 0")
            life = 0
        }
        let lifeVariance = try p.variance("particleLifespanVariance")
        var birthRate: Double
        let givenRate = try p.number("emissionRate")
        if runtime == .cocos2d && p.has("emissionRate") && givenRate > 0 {
            birthRate = givenRate
        } else if life > 0 {
            // A rate beyond 1e9/s only refills the pool faster than any step: it is capped there.
            birthRate = min(Double(maxParticles) / life, PlistDictionary.maximumMagnitude)
        } else {
            birthRate = Double(maxParticles) * cocosFrameRate
            p.warn(
                "particleLifespan is 0, so cocos2d's emission rate (maxParticles / lifespan) is infinite: the pool refills every frame; imported as birthRate \(PlistDictionary.text(birthRate)) (maxParticles × 60/s), with maxParticles capping the live particles"
            )
        }
        let duration = try p.number("duration", default: -1)
        var cellDuration: Double = 0
        if duration != -1 {
            let frame = 1 / cocosFrameRate
            if duration < frame {
                cellDuration = frame
                p.warn(
                    "duration is \(PlistDictionary.text(duration)) s, shorter than one cocos2d frame: a one-shot that emits during its first frame; imported as duration 1/60 s"
                )
            } else {
                cellDuration = duration
            }
        }

        // Texture and sizes.
        let texture = try ParticleTexture.load(plist: &p, plistPath: path)
        let width = max(1, Double(texture.image.size.width))
        if texture.image.size.width != texture.image.size.height {
            p.warn(
                "the texture is \(texture.image.width)×\(texture.image.height) pixels; cocos2d draws it square, the engine keeps its aspect (sizes follow its width)"
            )
        }

        let cell = CAEmitterCell()
        cell.name = name
        cell.contents = texture.image
        cell.birthRate = Float(birthRate)
        cell.lifetime = Float(life)
        cell.lifetimeRange = Float(lifeVariance)
        cell.duration = cellDuration

        // Direction and motion (y up in the file, y down here).
        let flipped = try yCoordFlipped(&p)
        let angle = try p.number("angle")
        let angleVariance = try p.variance("angleVariance")
        cell.emissionRange = CGFloat(2 * angleVariance * degrees)
        switch mode {
        case .gravity:
            // cocos2d-x moves a flipped file's particle by −direction·dt each step while the direction
            // gathers the accelerations as usual: the velocity is reversed (angle + π) and so is every
            // acceleration, gravity, radial and tangential alike.
            let sense: Double = flipped ? -1 : 1
            cell.emissionLongitude = CGFloat(-angle * degrees + (flipped ? Double.pi : 0))
            cell.velocity = CGFloat(try p.number("speed"))
            cell.velocityRange = CGFloat(try p.variance("speedVariance"))
            cell.xAcceleration = CGFloat(sense * (try p.number("gravityx")))
            cell.yAcceleration = CGFloat(-sense * (try p.number("gravityy")))
            cell.radialAcceleration = CGFloat(sense * (try p.number("radialAcceleration")))
            cell.radialAccelerationRange = CGFloat(try p.variance("radialAccelVariance"))
            cell.tangentialAcceleration = CGFloat(-sense * (try p.number("tangentialAcceleration")))
            cell.tangentialAccelerationRange = CGFloat(try p.variance("tangentialAccelVariance"))
        case .radius:
            // cocos2d places the particle at −(cos a, sin a)·r (y up): angle π − a here. A flipped file's
            // y is mirrored (cocos2d-x multiplies it by −1): angle π + a, turning the other way.
            cell.emissionLongitude = CGFloat(flipped ? Double.pi + angle * degrees : Double.pi - angle * degrees)
            cell.orbitRadius = CGFloat(try p.number("maxRadius"))
            cell.orbitRadiusRange = CGFloat(try p.variance("maxRadiusVariance"))
            let endRadius = try p.number("minRadius")
            if endRadius != -1 {
                cell.orbitEndRadius = CGFloat(endRadius)
                cell.orbitEndRadiusRange = CGFloat(try p.variance("minRadiusVariance"))
            }
            cell.orbitAngularVelocity = CGFloat((flipped ? 1 : -1) * (try p.number("rotatePerSecond")) * degrees)
            cell.orbitAngularVelocityRange = CGFloat(try p.variance("rotatePerSecondVariance") * degrees)
        }

        // Size: points → scale of the texture.
        let startSize = try p.number("startParticleSize")
        let startSizeVariance = try p.variance("startParticleSizeVariance")
        let finishSize = try p.number("finishParticleSize", default: -1)
        let finishSizeVariance = try p.variance("finishParticleSizeVariance")
        cell.scale = CGFloat(startSize / width)
        cell.scaleRange = CGFloat(startSizeVariance / width)
        // cocos2d raises a negative start size to 0 where Core Animation would draw the sprite mirrored.
        if startSizeVariance > startSize { cell.clampsNegativeScale = true }
        if finishSize != -1 && !(finishSize == startSize && startSizeVariance == 0 && finishSizeVariance == 0) {
            cell.endScale = CGFloat(finishSize / width)
            cell.endScaleRange = CGFloat(finishSizeVariance / width)
        }

        // Rotation of the sprite: cocos2d's degrees turn clockwise on screen, as positive radians do here.
        let rotationStart = try p.number("rotationStart")
        let rotationStartVariance = try p.variance("rotationStartVariance")
        let rotationEnd = try p.number("rotationEnd")
        let rotationEndVariance = try p.variance("rotationEndVariance")
        if rotationStart != 0 || rotationStartVariance != 0 || rotationEnd != 0 || rotationEndVariance != 0 {
            cell.rotation = CGFloat(rotationStart * degrees)
            cell.rotationRange = CGFloat(rotationStartVariance * degrees)
            if !(rotationEnd == rotationStart && rotationStartVariance == 0 && rotationEndVariance == 0) {
                cell.endRotation = CGFloat(rotationEnd * degrees)
                cell.endRotationRange = CGFloat(rotationEndVariance * degrees)
            }
        }

        // Colours.
        let start = try colour(&p, "startColor", variance: false)
        let startVariance = try colour(&p, "startColorVariance", variance: true)
        let finish = try colour(&p, "finishColor", variance: false)
        let finishVariance = try colour(&p, "finishColorVariance", variance: true)
        cell.color = CGColor(
            red: CGFloat(start[0]), green: CGFloat(start[1]), blue: CGFloat(start[2]), alpha: CGFloat(start[3]))
        cell.redRange = Float(startVariance[0])
        cell.greenRange = Float(startVariance[1])
        cell.blueRange = Float(startVariance[2])
        cell.alphaRange = Float(startVariance[3])
        if !(finish == start && startVariance == [0, 0, 0, 0] && finishVariance == [0, 0, 0, 0]) {
            cell.endColor = CGColor(
                red: CGFloat(finish[0]), green: CGFloat(finish[1]), blue: CGFloat(finish[2]), alpha: CGFloat(finish[3]))
            cell.endRedRange = Float(finishVariance[0])
            cell.endGreenRange = Float(finishVariance[1])
            cell.endBlueRange = Float(finishVariance[2])
            cell.endAlphaRange = Float(finishVariance[3])
        }

        // The emitter layer: source position (flipped) and its jitter as a rectangle.
        let emitter = CAEmitterLayer()
        emitter.name = name
        emitter.frame = CGRect(origin: .zero, size: designSize)
        let x = try p.number("sourcePositionx")
        let y = try p.number("sourcePositiony")
        emitter.emitterPosition = CGPoint(x: x, y: Double(designSize.height) - y)
        let jitterX = try p.variance("sourcePositionVariancex")
        let jitterY = try p.variance("sourcePositionVariancey")
        if mode == .gravity && (jitterX != 0 || jitterY != 0) {
            emitter.emitterShape = .rectangle
            emitter.emitterMode = .volume
            emitter.emitterSize = CGSize(width: 2 * jitterX, height: 2 * jitterY)
        }
        emitter.maxParticles = maxParticles
        // cocos2d's rate is the pool ÷ the lifespan: a full pool that stops births is the defined behaviour.
        emitter.warnsWhenFull = false
        emitter.renderMode = try renderMode(&p)
        emitter.emitterCells = [cell]
        for unused in ["positionType", "rotationIsDir", "absolutePosition"] {
            guard try p.number(unused) != 0 else { continue }
            p.warn(
                "\(unused) (a cocos2d-x option) is not imported: particles move in the scene's space and do not turn with their direction"
            )
        }
        p.summarizeStringKeys()
        return ParticleDesignerImport(
            sourcePath: path, mode: mode, runtime: runtime, isYFlipped: flipped, emitter: emitter, cell: cell,
            texture: texture, warnings: p.problems)
    }

    /// The colour `prefix`Red/Green/Blue/Alpha; plain colours are clamped to 0…1 as cocos2d does.
    private static func colour(_ p: inout PlistDictionary, _ prefix: String, variance: Bool) throws -> [Double] {
        try ["Red", "Green", "Blue", "Alpha"].map { channel -> Double in
            let key = prefix + channel
            if variance { return try p.variance(key) }
            let v = try p.number(key)
            if v < 0 || v > 1 {
                p.warn(
                    "\(key) is \(PlistDictionary.text(v)); colours are 0…1, read as \(PlistDictionary.text(min(max(v, 0), 1)))"
                )
            }
            return min(max(v, 0), 1)
        }
    }

    /// Whether the file is flipped as cocos2d-x flips it: `yCoordFlipped` −1 in a file with a
    /// `configName` (Particle Designer 2); cocos2d-x ignores the key in other files.
    private static func yCoordFlipped(_ p: inout PlistDictionary) throws -> Bool {
        let value = try p.number("yCoordFlipped", default: 1)
        guard value == -1 else {
            if value != 1 {
                p.warn("yCoordFlipped is \(PlistDictionary.text(value)); cocos2d-x knows 1 and −1 (flipped), read as 1")
            }
            return false
        }
        guard p.has("configName") else {
            p.warn(
                "yCoordFlipped is −1 but the file has no configName; cocos2d-x flips only Particle Designer 2 files (with configName), so it is not flipped (add a configName to flip it)"
            )
            return false
        }
        return true
    }

    /// A GL blend factor's name for messages.
    static func blendFactorName(_ factor: Int) -> String {
        let names = [
            0: "ZERO", 1: "ONE", 768: "SRC_COLOR", 769: "ONE_MINUS_SRC_COLOR", 770: "SRC_ALPHA",
            771: "ONE_MINUS_SRC_ALPHA", 772: "DST_ALPHA", 773: "ONE_MINUS_DST_ALPHA", 774: "DST_COLOR",
            775: "ONE_MINUS_DST_COLOR", 776: "SRC_ALPHA_SATURATE",
        ]
        return names[factor] ?? "\(factor)"
    }

    /// The render mode for the file's blend functions (GL enums, docs/Import.md "Blend functions").
    ///
    /// The engine blends premultiplied colour source-over or additively onto its (opaque) frame, where
    /// DST_ALPHA is 1 and ONE_MINUS_DST_ALPHA is 0. With those read so, a source factor ONE or
    /// SRC_ALPHA (straight or premultiplied texture: the same premultiplied colour) over a destination
    /// factor ONE is additive and over ONE_MINUS_SRC_ALPHA is source-over: exact. Anything else
    /// (multiply, screen, …) is approximated with a warning.
    private static func renderMode(_ p: inout PlistDictionary) throws -> CAEmitterLayerRenderMode {
        guard p.has("blendFuncSource") || p.has("blendFuncDestination") else {
            return try p.number("blendAdditive") != 0 ? .additive : .unordered
        }
        let source = Int(try p.number("blendFuncSource", default: 770))
        let destination = Int(try p.number("blendFuncDestination", default: 771))
        let opaqueSource = source == 772 ? 1 : source
        let opaqueDestination = destination == 772 ? 1 : destination
        switch (opaqueSource, opaqueDestination) {
        case (770, 1), (1, 1): return .additive
        case (770, 771), (1, 771): return .unordered
        default:
            let additive = destination == 1 || destination == 772 || destination == 769
            let mode: CAEmitterLayerRenderMode = additive ? .additive : .unordered
            p.warn(
                "blend functions \(source)/\(destination) (\(blendFactorName(source)), \(blendFactorName(destination))) have no exact equivalent; imported as \(additive ? "additive" : "source-over") (the engine blends premultiplied source-over or additive)"
            )
            return mode
        }
    }

    /// The file name without folder and extension.
    static func baseName(_ path: String) -> String {
        let file = (path as NSString).lastPathComponent
        let base = (file as NSString).deletingPathExtension
        // Cell names are key-path components: letters, digits and underscores only.
        let safe = String(base.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        return safe.isEmpty ? "particles" : safe
    }
}
