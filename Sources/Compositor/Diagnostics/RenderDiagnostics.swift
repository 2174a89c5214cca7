import Foundation

/// The Core Animation instrument's colouring options (the book's performance chapter), drawn over the
/// frame by the compositor. See docs/Diagnostics.md.
public struct RenderDiagnostics: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The raw bits.
    public let rawValue: UInt32
    /// Creates options from raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Green over opaque drawing, red over drawing that blends with what is below (translucent colours,
    /// images with alpha, gradients with alpha, particles, group composites); overlaps deepen the red.
    public static let colorBlendedLayers = RenderDiagnostics(rawValue: 1 << 0)
    /// Yellow over offscreen passes: masks, group opacity, non-rectangular `masksToBounds` clips (rounded
    /// corners), shadows without a `shadowPath`, and `shouldRasterize` layers being (re)drawn.
    public static let colorOffscreenRendered = RenderDiagnostics(rawValue: 1 << 1)
    /// Green over `shouldRasterize` layers drawn from the cache, red over those re-rasterised this frame.
    public static let colorHitsGreenAndMissesRed = RenderDiagnostics(rawValue: 1 << 2)
    /// Each pixel coloured by how many times it was written this frame: 1 blue, 2 green, 3 yellow,
    /// 4 orange, 5 or more red.
    public static let overdrawHeatMap = RenderDiagnostics(rawValue: 1 << 3)
    /// Yellow over layers whose content was drawn by software this frame (`display()`/`draw(in:)`,
    /// pixel layers, tiled-layer tiles).
    public static let flashUpdatedRegions = RenderDiagnostics(rawValue: 1 << 4)

    /// Every option in the order they are cycled in the window.
    public static let all: [(name: String, option: RenderDiagnostics)] = [
        ("blended", .colorBlendedLayers), ("offscreen", .colorOffscreenRendered),
        ("rasterization", .colorHitsGreenAndMissesRed),
        ("overdraw", .overdrawHeatMap), ("flash", .flashUpdatedRegions),
    ]

    /// Parses a comma-separated list of names: blended, offscreen, rasterization (or hits), overdraw,
    /// flash, all, none. Throws a message naming the unknown word and the valid ones.
    public static func parse(_ list: String) throws -> RenderDiagnostics {
        var out: RenderDiagnostics = []
        for word in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() })
        where !word.isEmpty {
            switch word {
            case "all": out.formUnion(RenderDiagnostics(all.map(\.option)))
            case "none": break
            case "hits", "misses", "cache": out.insert(.colorHitsGreenAndMissesRed)
            default:
                guard let hit = all.first(where: { $0.name == word }) else {
                    throw RenderDiagnosticsError.unknown(word)
                }
                out.insert(hit.option)
            }
        }
        return out
    }

    /// The names of the options set, comma-separated ("none" when empty).
    public var description: String {
        let names = RenderDiagnostics.all.filter { contains($0.option) }.map(\.name)
        return names.isEmpty ? "none" : names.joined(separator: ",")
    }
}

/// A diagnostics list that cannot be parsed.
public enum RenderDiagnosticsError: Error, Equatable, CustomStringConvertible {
    /// An unknown option name.
    case unknown(String)

    /// The message shown to users.
    public var description: String {
        switch self {
        case .unknown(let w):
            return "unknown diagnostic '\(w)'; use a comma-separated list of "
                + RenderDiagnostics.all.map(\.name).joined(separator: ", ") + ", all or none"
        }
    }
}

/// Per-frame counters of the work the compositor did (the book's performance chapter: layers drawn,
/// offscreen passes, pixels blended, rasterisation cache use): the compositor's one counters type
/// (`Compositor.counters`). Pixel counts are measured only when `Compositor.countsPixels` is on or the
/// overdraw heat map is shown; otherwise they are 0.
public struct RenderCounters: Equatable, Sendable, Codable {
    /// Whether the frame was skipped because nothing changed (`Compositor.skipsCleanFrames`); the other
    /// counters are then 0 except `framePixels`.
    public var wasClean = false
    /// Layers drawn (visited after the hidden and opacity checks).
    public var layersDrawn = 0
    /// Layers whose content was drawn by software before the frame (`displayIfNeeded`).
    public var layersRedrawn = 0
    /// Passes into offscreen buffers: `groups`, shadows without a path, and re-rasterised
    /// `shouldRasterize` layers (`cacheMisses`).
    public var offscreenPasses = 0
    /// Offscreen groups: group opacity, non-rectangular clips, masks.
    public var groups = 0
    /// Shadows blurred.
    public var shadows = 0
    /// Particles submitted by the emitters' draw lists.
    public var sprites = 0
    /// `shouldRasterize` layers drawn from the cache.
    public var cacheHits = 0
    /// `shouldRasterize` layers re-rasterised.
    public var cacheMisses = 0
    /// Pixel writes of the frame (every fill, composite, shadow and particle pixel).
    public var pixelsDrawn = 0
    /// Pixel writes that blend with what is below (translucent source or partial coverage).
    public var pixelsBlended = 0
    /// Framebuffer pixels.
    public var framePixels = 0

    /// All zero.
    public init() {}

    /// Pixel writes per framebuffer pixel (overdraw); 0 when pixels were not counted.
    public var overdraw: Double { framePixels > 0 ? Double(pixelsDrawn) / Double(framePixels) : 0 }
}

/// A region the tree builder notes for the diagnostics overlays.
struct DiagnosticRegion {
    enum Kind: Equatable {
        /// An offscreen pass.
        case offscreen
        /// A rasterised layer drawn from the cache.
        case rasterHit
        /// A rasterised layer re-rasterised this frame.
        case rasterMiss
        /// A layer with software-drawn content: its model and display count.
        case drawn(ObjectIdentifier, Int)
    }

    let kind: Kind
    let shape: DeviceShape

    init(_ kind: Kind, shape: DeviceShape) {
        self.kind = kind
        self.shape = shape
    }

    init(_ kind: Kind, rect: IntRect) {
        self.init(
            kind,
            shape: DeviceShape.rect(
                x0: Float(rect.x0), y0: Float(rect.y0), x1: Float(rect.x1), y1: Float(rect.y1),
                antialiased: false, clip: rect))
    }
}
