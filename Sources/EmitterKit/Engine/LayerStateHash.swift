import Foundation

/// Mixes the presented values of a layer tree into a state hash (docs/Determinism.md, "State hash").
///
/// Every layer in tree order (a layer, its mask, then its sublayers), with its class and the value of
/// every key of its class's key table, sorted by key, as presented at one media time; an emitter
/// layer's cells (and their cells) follow with the values of every cell key. Images enter by their
/// size, scale and pixels, paths by their elements, colours by their components: two trees hash equal
/// only when every presented value is bit-identical.
///
/// Layers listed in `bodyLayers` leave out `position` and `transform`: between fixed steps the engine
/// writes them interpolated for display, so they depend on the frame rate, and the body they show is
/// hashed with the physics world. Layers in `frameWrittenKeys` leave out the keys listed there, for the
/// same reason (a game session's camera writes the root's and the HUD's geometry between steps, and
/// hashes the camera itself). Keys that only steer diagnostics (`nonStateKeys`) are not state and are
/// left out altogether.
struct LayerStateHash {
    /// The media time the tree is presented at (the end of the last fixed step).
    let mediaTime: CFTimeInterval
    /// Model layers moved by bodies.
    let bodyLayers: Set<ObjectIdentifier>
    /// Keys of a body's layer the body writes between steps.
    static let bodyWrittenKeys: Set<String> = ["position", "transform"]
    /// Keys that change no presented value or particle, only what the engine reports.
    static let nonStateKeys: Set<String> = ["warnsWhenFull"]
    /// Other keys written between steps, by model layer.
    let frameWrittenKeys: [ObjectIdentifier: Set<String>]
    /// Pixel hashes of the images met so far, by image (layers and cells share images).
    private var imageHashes: [ObjectIdentifier: UInt64] = [:]

    init(
        mediaTime: CFTimeInterval, bodyLayers: Set<ObjectIdentifier>,
        frameWrittenKeys: [ObjectIdentifier: Set<String>] = [:]
    ) {
        self.mediaTime = mediaTime
        self.bodyLayers = bodyLayers
        self.frameWrittenKeys = frameWrittenKeys
    }

    // MARK: - Layers

    /// Mixes `layer` (a model layer) and its subtree into `hasher`.
    mutating func combine(tree layer: CALayer, into hasher: inout StateHasher) {
        let presented = layer.presentationCopy(atTime: mediaTime)
        let id = ObjectIdentifier(layer)
        var skipped = bodyLayers.contains(id) ? Self.bodyWrittenKeys : []
        if let more = frameWrittenKeys[id] { skipped.formUnion(more) }
        combine(String(describing: type(of: layer)), into: &hasher)
        let keys = presented.allKeys.filter { !Self.nonStateKeys.contains($0) }
        hasher.combine(keys.count)
        for key in keys {
            combine(key, into: &hasher)
            if skipped.contains(key) { continue }
            combine((try? presented.layerValue(forKeyPath: key)) ?? .none, into: &hasher)
        }
        if let emitter = presented as? CAEmitterLayer { combine(cells: emitter.emitterCells ?? [], into: &hasher) }
        if let mask = layer.mask {
            hasher.combine(1)
            combine(tree: mask, into: &hasher)
        } else {
            hasher.combine(0)
        }
        let sublayers = layer.sublayers ?? []
        hasher.combine(sublayers.count)
        for sublayer in sublayers { combine(tree: sublayer, into: &hasher) }
    }

    /// Mixes emitter cells and their sub-cells into `hasher`.
    private mutating func combine(cells: [CAEmitterCell], into hasher: inout StateHasher) {
        hasher.combine(cells.count)
        let keys = CAEmitterCell.keyAccessors.keys.sorted()
        for cell in cells {
            for key in keys {
                let value = (try? cell.layerValue(forKeyPath: key)) ?? .none
                // Effect keys at their defaults are left out, so cells without effects keep their hashes.
                if let unset = CAEmitterCell.effectKeyDefaults[key], value == unset { continue }
                if let unset = CAEmitterCell.trailKeyDefaults[key], value == unset { continue }
                combine(key, into: &hasher)
                combine(value, into: &hasher)
            }
            for (key, names) in [("birthCells", cell.birthCells), ("deathCells", cell.deathCells)] where !names.isEmpty
            {
                combine(key, into: &hasher)
                hasher.combine(names.count)
                for name in names { combine(name, into: &hasher) }
            }
            combine(cells: cell.emitterCells ?? [], into: &hasher)
        }
    }

    // MARK: - Values

    /// Mixes a value with a tag for its kind, so that values of different kinds never collide.
    private mutating func combine(_ value: LayerValue, into hasher: inout StateHasher) {
        switch value {
        case .none:
            hasher.combine(0)
        case .number(let v):
            hasher.combine(1)
            hasher.combine(v)
        case .bool(let b):
            hasher.combine(2)
            hasher.combine(b ? 1 : 0)
        case .point(let p):
            hasher.combine(3)
            combine([p.x, p.y], into: &hasher)
        case .size(let s):
            hasher.combine(4)
            combine([s.width, s.height], into: &hasher)
        case .rect(let r):
            hasher.combine(5)
            combine([r.origin.x, r.origin.y, r.size.width, r.size.height], into: &hasher)
        case .transform(let t):
            hasher.combine(6)
            combine(
                [
                    t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42,
                    t.m43, t.m44,
                ], into: &hasher)
        case .color(let c):
            hasher.combine(7)
            combine([c.red, c.green, c.blue, c.alpha], into: &hasher)
        case .colors(let list):
            hasher.combine(8)
            hasher.combine(list.count)
            for c in list { combine([c.red, c.green, c.blue, c.alpha], into: &hasher) }
        case .numbers(let list):
            hasher.combine(9)
            hasher.combine(list.count)
            for v in list { hasher.combine(v) }
        case .image(let image):
            hasher.combine(10)
            hasher.combine(self.hash(of: image))
        case .path(let path):
            hasher.combine(11)
            combine(path, into: &hasher)
        case .string(let s):
            hasher.combine(12)
            combine(s, into: &hasher)
        }
    }

    private func combine(_ values: [CGFloat], into hasher: inout StateHasher) {
        for v in values { hasher.combine(Double(v)) }
    }

    private func combine(_ s: String, into hasher: inout StateHasher) {
        let bytes = Array(s.utf8)
        hasher.combine(bytes.count)
        for b in bytes { hasher.combine(UInt32(b)) }
    }

    private func combine(_ path: CGPath, into hasher: inout StateHasher) {
        hasher.combine(path.elements.count)
        for element in path.elements {
            switch element {
            case .moveToPoint(let p):
                hasher.combine(0)
                combine([p.x, p.y], into: &hasher)
            case .addLineToPoint(let p):
                hasher.combine(1)
                combine([p.x, p.y], into: &hasher)
            case .addQuadCurveToPoint(let c, let p):
                hasher.combine(2)
                combine([c.x, c.y, p.x, p.y], into: &hasher)
            case .addCurveToPoint(let c1, let c2, let p):
                hasher.combine(3)
                combine([c1.x, c1.y, c2.x, c2.y, p.x, p.y], into: &hasher)
            case .closeSubpath:
                hasher.combine(4)
            }
        }
    }

    /// An image's size, scale and pixels as one number, computed once per image.
    private mutating func hash(of image: CGImage) -> UInt64 {
        let id = ObjectIdentifier(image)
        if let known = imageHashes[id] { return known }
        var h = StateHasher()
        h.combine(image.width)
        h.combine(image.height)
        h.combine(Double(image.scale))
        image.pixels.withUnsafeBytes { raw in
            // Eight bytes at a time: the pixel count is width × height × 4, so a tail has at most 4 bytes.
            let words = raw.count / 8
            for i in 0..<words { h.combine(raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)) }
            for i in (words * 8)..<raw.count { h.combine(UInt32(raw[i])) }
        }
        imageHashes[id] = h.value
        return h.value
    }
}
