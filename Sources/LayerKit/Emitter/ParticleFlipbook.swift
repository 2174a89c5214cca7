import Foundation

// MARK: - Flipbook

/// How a cell's `contents` (within its `contentsRect`) is cut into frames and played over each
/// particle's life: the value of `contentsFrames` (docs/Particles.md, "Flipbooks").
///
/// The sheet is `columns` × `rows` equal frames, numbered row by row from the top left (as Particle
/// Designer, cocos2d and Unity's texture sheet animation number them); the first `frameCount` are
/// played. A particle shows frame `(start + i)`, where i counts frames at `framesPerSecond` from its
/// birth, or spreads the frames evenly over its life (`overLife`); past the last frame it wraps round
/// (`loop`) or holds the last. The start frame is 0, or drawn per particle from the emitter's seeded
/// generator (`randomStartFrame`).
public struct ParticleFlipbook: Equatable, Sendable {
    /// The columns and rows a sheet may have (so a sheet has at most 4096 frames).
    public static let gridLimits = 1...64
    /// Most frames per second.
    public static let maximumFramesPerSecond = 1000.0

    /// Frames across the sheet, 1…64.
    public let columns: Int
    /// Frames down the sheet, 1…64.
    public let rows: Int
    /// Frames played, 1…columns·rows (the first ones, row by row). Default columns·rows.
    public let frameCount: Int
    /// Frames shown per second of the particle's age, 0…1000 (0 holds the start frame); not used with
    /// `overLife`. Default 30.
    public let framesPerSecond: Double
    /// Whether the frames are spread evenly over each particle's life (frame k during the k-th
    /// 1/frameCount of it) instead of played at `framesPerSecond`. Default false.
    public let overLife: Bool
    /// Whether the frames start again after the last (otherwise the last holds). Default true.
    public let loop: Bool
    /// Whether each particle starts at a frame drawn from the emitter's seeded generator (otherwise
    /// frame 0). Default false.
    public let randomStartFrame: Bool

    /// A flipbook, validated as the type documents; throws with the value and the fix.
    public init(
        columns: Int, rows: Int, frameCount: Int? = nil, framesPerSecond: Double = 30, overLife: Bool = false,
        loop: Bool = true, randomStartFrame: Bool = false
    ) throws {
        for (name, v) in [("columns", columns), ("rows", rows)] where !Self.gridLimits.contains(v) {
            throw ParticleFlipbookError(description: "\(name) must be an integer in 1…64, got \(v)")
        }
        let count = frameCount ?? columns * rows
        guard count >= 1, count <= columns * rows else {
            throw ParticleFlipbookError(
                description:
                    "frameCount must lie in 1…\(columns * rows) (columns × rows), got \(count); leave it out to play every frame"
            )
        }
        guard framesPerSecond.isFinite, framesPerSecond >= 0, framesPerSecond <= Self.maximumFramesPerSecond else {
            throw ParticleFlipbookError(
                description: "framesPerSecond must be a number in 0…1000, got \(framesPerSecond)")
        }
        self.columns = columns
        self.rows = rows
        self.frameCount = count
        self.framesPerSecond = framesPerSecond
        self.overLife = overLife
        self.loop = loop
        self.randomStartFrame = randomStartFrame
    }

    /// The frame a particle `age` seconds old, living `lifetime` seconds and starting at frame `start`,
    /// shows: 0…frameCount − 1. Float arithmetic, so equal inputs give the same frame on every machine.
    @inlinable
    public func frame(age: Float, lifetime: Float, start: Int) -> Int {
        let n = frameCount
        let elapsed: Float
        if overLife {
            let t = lifetime > 0 ? age / lifetime : 1
            elapsed = (t.isNaN ? 0 : min(max(t, 0), 1)) * Float(n)
        } else {
            elapsed = age.isNaN ? 0 : max(0, age) * Float(framesPerSecond)
        }
        // Past 2²⁴ frames counts stop being exact; a loop is then anywhere, a clamp at its end.
        let i = elapsed < 0x1p24 ? Int(elapsed) : (loop ? 0 : n)
        let k = (overLife ? min(i, n - 1) : i) + start
        return loop ? k % n : min(k, n - 1)
    }

    /// The unit rectangle of frame `k` within `contentsRect` (row by row from its top left).
    public func rect(ofFrame k: Int, in contentsRect: CGRect) -> CGRect {
        let r = contentsRect.standardized
        let w = r.width / CGFloat(columns)
        let h = r.height / CGFloat(rows)
        return CGRect(x: r.minX + CGFloat(k % columns) * w, y: r.minY + CGFloat(k / columns) * h, width: w, height: h)
    }

    /// The flipbook as key-value coding holds it: `[columns, rows, frameCount, framesPerSecond, overLife,
    /// loop, randomStartFrame]`, the flags as 0 or 1.
    var flattened: [Double] {
        [
            Double(columns), Double(rows), Double(frameCount), framesPerSecond, overLife ? 1 : 0, loop ? 1 : 0,
            randomStartFrame ? 1 : 0,
        ]
    }

    /// A flipbook from its key-value form (`flattened`).
    init(flattened list: [Double]) throws {
        guard list.count == 7 else {
            throw ParticleFlipbookError(
                description:
                    "expected [columns, rows, frameCount, framesPerSecond, overLife, loop, randomStartFrame], got \(list.count) numbers"
            )
        }
        func integer(_ v: Double, _ name: String) throws -> Int {
            guard v.isFinite, v.rounded() == v, abs(v) < 1e9 else {
                throw ParticleFlipbookError(description: "\(name) must be an integer, got \(v)")
            }
            return Int(v)
        }
        func flag(_ v: Double, _ name: String) throws -> Bool {
            guard v == 0 || v == 1 else {
                throw ParticleFlipbookError(description: "\(name) must be 0 or 1 (false or true), got \(v)")
            }
            return v == 1
        }
        try self.init(
            columns: integer(list[0], "columns"), rows: integer(list[1], "rows"),
            frameCount: integer(list[2], "frameCount"), framesPerSecond: list[3],
            overLife: flag(list[4], "overLife"), loop: flag(list[5], "loop"),
            randomStartFrame: flag(list[6], "randomStartFrame"))
    }
}

/// Why a flipbook is not valid; `description` names the value and the fix.
public struct ParticleFlipbookError: Error, Equatable, CustomStringConvertible {
    /// The message.
    public let description: String
}
