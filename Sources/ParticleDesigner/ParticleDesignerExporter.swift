import Foundation
import ImageCodec
import LayerKit
import SceneFormat

// MARK: - Exporter

/// Writes a scene's emitter as a Particle Designer / cocos2d `.plist` (docs/Import.md, "Export").
///
/// An effect fits the format when the scene has one emitter layer with one cell and no sub-cells;
/// anything else is an `ExportError` saying what does not fit. Within a fitting effect, keys the format
/// lacks (spin, colour speeds, values over life, flipbooks, …) are left out with one note each. The
/// texture is written as a PNG next to the file and named in `textureFileName`. Importing the file
/// again gives the same cell (within Float rounding of the degree conversions) for effects made of the
/// keys the format has.
public enum ParticleDesignerExporter {
    /// A Particle Designer file and what it leaves out.
    public struct Export {
        /// The property list (XML).
        public var plist: Data
        /// The particle image, written next to the file as `textureFileName`.
        public var texture: CGImage?
        /// The texture's file name, relative to the file.
        public var textureFileName: String
        /// One note per key that has no equivalent in the format.
        public var notes: [String]
    }

    /// The scene's effect as a Particle Designer file; `name` names the texture (`<name>.png`).
    public static func export(_ scene: Scene, name: String) throws -> Export {
        var emitters: [CAEmitterLayer] = []
        scene.rootLayer.forEachLayer { if let e = $0 as? CAEmitterLayer { emitters.append(e) } }
        guard emitters.count == 1, let emitter = emitters.first else {
            throw ExportError(
                reason: emitters.isEmpty
                    ? "the scene has no emitter layer"
                    : "the scene has \(emitters.count) emitter layers; a Particle Designer file holds one emitter (export a scene with one)"
            )
        }
        let cells = emitter.emitterCells ?? []
        guard cells.count == 1, let cell = cells.first else {
            throw ExportError(
                reason:
                    "emitter '\(emitter.name ?? "emitter")' has \(cells.count) cells; a Particle Designer file holds one particle cell"
            )
        }
        if let sub = cell.emitterCells, !sub.isEmpty {
            throw ExportError(
                reason:
                    "cell '\(cell.name ?? "cell")' has \(sub.count) sub-cells; Particle Designer particles emit nothing (export the parent cell alone)"
            )
        }
        var notes: [String] = []
        var d: [String: Any] = [:]
        let degrees = 180 / Double.pi
        func f(_ v: CGFloat) -> Double { Double(v) }

        // Budget, rate, lifetime (the layer's multipliers folded in).
        d["maxParticles"] = emitter.maxParticles
        d["emissionRate"] = Double(cell.birthRate * emitter.birthRate)
        d["particleLifespan"] = Double(cell.lifetime * emitter.lifetime)
        d["particleLifespanVariance"] = Double(cell.lifetimeRange * emitter.lifetime)
        d["duration"] = cell.duration > 0 ? Double(cell.duration) : -1
        if emitter.rangeSemantics == .halfWidth {
            notes.append(
                "rangeSemantics halfWidth: ranges are written as they are; Particle Designer reads them as ± range")
        }

        // Motion.
        let speedFactor = Double(emitter.velocity)
        d["angleVariance"] = f(cell.emissionRange) / 2 * degrees
        if let radius = cell.orbitRadius {
            d["emitterType"] = 1
            d["angle"] = (Double.pi - f(cell.emissionLongitude)) * degrees
            d["maxRadius"] = f(radius)
            d["maxRadiusVariance"] = f(cell.orbitRadiusRange)
            d["minRadius"] = cell.orbitEndRadius.map(f) ?? -1
            d["minRadiusVariance"] = f(cell.orbitEndRadiusRange)
            d["rotatePerSecond"] = -f(cell.orbitAngularVelocity) * degrees
            d["rotatePerSecondVariance"] = f(cell.orbitAngularVelocityRange) * degrees
            for (key, value) in [
                ("velocity", cell.velocity), ("xAcceleration", cell.xAcceleration),
                ("yAcceleration", cell.yAcceleration), ("radialAcceleration", cell.radialAcceleration),
                ("tangentialAcceleration", cell.tangentialAcceleration),
            ] where value != 0 {
                notes.append("\(key) is not written: a radius-mode (orbit) particle has no speed or acceleration")
            }
        } else {
            d["emitterType"] = 0
            d["angle"] = -f(cell.emissionLongitude) * degrees
            d["speed"] = f(cell.velocity) * speedFactor
            d["speedVariance"] = f(cell.velocityRange) * speedFactor
            d["gravityx"] = f(cell.xAcceleration)
            d["gravityy"] = -f(cell.yAcceleration)
            d["radialAcceleration"] = f(cell.radialAcceleration)
            d["radialAccelVariance"] = f(cell.radialAccelerationRange)
            d["tangentialAcceleration"] = -f(cell.tangentialAcceleration)
            d["tangentialAccelVariance"] = f(cell.tangentialAccelerationRange)
        }

        // Size: the cell's scale of its texture in points.
        let width = Double(cell.contents.map { max(1, $0.size.width) } ?? 1)
        let scaleFactor = Double(emitter.scale)
        d["startParticleSize"] = f(cell.scale) * width * scaleFactor
        d["startParticleSizeVariance"] = f(cell.scaleRange) * width * scaleFactor
        d["finishParticleSize"] = cell.endScale.map { f($0) * width * scaleFactor } ?? -1
        d["finishParticleSizeVariance"] = f(cell.endScaleRange) * width * scaleFactor
        if cell.contents == nil { notes.append("the cell has no contents: sizes are written for a 1-point texture") }

        // Rotation of the sprite.
        d["rotationStart"] = f(cell.rotation) * degrees
        d["rotationStartVariance"] = f(cell.rotationRange) * degrees
        d["rotationEnd"] = f(cell.endRotation ?? cell.rotation) * degrees
        d["rotationEndVariance"] = f(cell.endRotation == nil ? cell.rotationRange : cell.endRotationRange) * degrees
        if cell.endRotation == nil && cell.rotationRange != 0 {
            notes.append(
                "endRotation is unset while rotationRange is not: Particle Designer samples the end angle on its own, so each sprite turns a little over its life"
            )
        }

        // Colours.
        let start = components(cell.color)
        let startRange = [cell.redRange, cell.greenRange, cell.blueRange, cell.alphaRange].map(Double.init)
        let finish = cell.endColor.map(components) ?? start
        let finishRange =
            cell.endColor == nil
            ? startRange
            : [cell.endRedRange, cell.endGreenRange, cell.endBlueRange, cell.endAlphaRange].map(Double.init)
        if cell.endColor == nil && startRange != [0, 0, 0, 0] {
            notes.append(
                "endColor is unset while the colour ranges are not: Particle Designer samples the finish colour on its own, so colours drift over each life"
            )
        }
        for (i, channel) in ["Red", "Green", "Blue", "Alpha"].enumerated() {
            d["startColor" + channel] = start[i]
            d["startColorVariance" + channel] = startRange[i]
            d["finishColor" + channel] = finish[i]
            d["finishColorVariance" + channel] = finishRange[i]
        }

        // The emitter: position in Particle Designer's y-up 320 × 480 view, jitter, blending.
        let origin = emitter.frame.origin
        let designHeight = Double(ParticleDesignerImporter.designSize.height)
        d["sourcePositionx"] = f(origin.x + emitter.emitterPosition.x)
        d["sourcePositiony"] = designHeight - f(origin.y + emitter.emitterPosition.y)
        switch emitter.emitterShape {
        case .point:
            d["sourcePositionVariancex"] = 0.0
            d["sourcePositionVariancey"] = 0.0
        case .rectangle:
            d["sourcePositionVariancex"] = f(emitter.emitterSize.width) / 2
            d["sourcePositionVariancey"] = f(emitter.emitterSize.height) / 2
            if emitter.emitterMode != .volume {
                notes.append(
                    "emitterMode \(emitter.emitterMode.rawValue): Particle Designer emits from the whole rectangle")
            }
        default:
            d["sourcePositionVariancex"] = f(emitter.emitterSize.width) / 2
            d["sourcePositionVariancey"] = f(emitter.emitterSize.height) / 2
            notes.append(
                "emitterShape \(emitter.emitterShape.rawValue) is written as a rectangle of its size (Particle Designer emits from a rectangle)"
            )
        }
        switch emitter.renderMode {
        case .additive: (d["blendFuncSource"], d["blendFuncDestination"]) = (770, 1)
        case .unordered: (d["blendFuncSource"], d["blendFuncDestination"]) = (770, 771)
        default:
            (d["blendFuncSource"], d["blendFuncDestination"]) = (770, 771)
            notes.append(
                "renderMode \(emitter.renderMode.rawValue): Particle Designer blends source-over in pool order")
        }

        // What the format has no key for.
        notes += unwrittenKeys(cell)
        for (key, changed) in [
            ("emitterZPosition", emitter.emitterZPosition != 0), ("emitterDepth", emitter.emitterDepth != 0),
            ("spin", emitter.spin != 1), ("preservesDepth", emitter.preservesDepth),
        ] where changed {
            notes.append("the layer's \(key) has no Particle Designer equivalent and is not written")
        }

        let textureFileName = name + ".png"
        d["textureFileName"] = textureFileName
        d["configName"] = name
        let data = try PropertyListSerialization.data(fromPropertyList: d, format: .xml, options: 0)
        return Export(plist: data, texture: cell.contents, textureFileName: textureFileName, notes: notes)
    }

    /// Writes the file at `path` and its texture next to it; returns the paths written and the notes.
    public static func write(_ scene: Scene, toPlist path: String) throws -> (paths: [String], notes: [String]) {
        let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let e = try export(scene, name: ParticleDesignerImporter.baseName(base.isEmpty ? "particles" : base))
        let folder = (path as NSString).deletingLastPathComponent
        var written = [path]
        do {
            try e.plist.write(to: URL(fileURLWithPath: path))
            if let image = e.texture {
                let png = folder.isEmpty ? e.textureFileName : folder + "/" + e.textureFileName
                try image.writePNG(to: png)
                written.append(png)
            }
        } catch {
            throw ImportWriteError(path: path, reason: "\(error)")
        }
        return (written, e.notes)
    }

    // MARK: - Helpers

    /// The cell keys the file has a place for (everything else is checked against a new cell's value).
    static let writtenCellKeys: Set<String> = [
        "name", "contents", "enabled", "birthRate", "lifetime", "lifetimeRange", "duration", "emissionLongitude",
        "emissionRange", "velocity", "velocityRange", "xAcceleration", "yAcceleration", "radialAcceleration",
        "radialAccelerationRange", "tangentialAcceleration", "tangentialAccelerationRange", "orbitRadius",
        "orbitRadiusRange", "orbitEndRadius", "orbitEndRadiusRange", "orbitAngularVelocity",
        "orbitAngularVelocityRange", "scale", "scaleRange", "endScale", "endScaleRange", "clampsNegativeScale",
        "rotation", "rotationRange", "endRotation", "endRotationRange", "color", "redRange", "greenRange",
        "blueRange", "alphaRange", "endColor", "endRedRange", "endGreenRange", "endBlueRange", "endAlphaRange",
    ]

    /// One note per cell key that differs from a new cell's and has no place in the file.
    static func unwrittenKeys(_ cell: CAEmitterCell) -> [String] {
        let fresh = CAEmitterCell()
        return CAEmitterCell.keyAccessors.keys.sorted().compactMap { key in
            guard !writtenCellKeys.contains(key), let value = try? cell.layerValue(forKeyPath: key),
                value != (try? fresh.layerValue(forKeyPath: key))
            else { return nil }
            return "\(key) has no Particle Designer equivalent and is not written"
        }
    }

    /// A colour's red, green, blue and alpha.
    static func components(_ c: CGColor) -> [Double] {
        [c.red, c.green, c.blue, c.alpha].map { Double($0) }
    }
}

/// A scene that does not fit a Particle Designer file.
public struct ExportError: Error, CustomStringConvertible {
    /// What does not fit.
    public var reason: String
    /// The message.
    public var description: String { "cannot write a Particle Designer file: \(reason)" }
}
