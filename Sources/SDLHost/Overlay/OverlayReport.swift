/// What the statistics panel shows for one frame.
public struct OverlayReport: Equatable, Sendable {
    /// Frame timing.
    public var frameRate: FrameRateMeter
    /// Live particles, as the delegate reported them; nil hides the line.
    public var liveParticles: Int?
    /// Physics bodies, as the delegate reported them; nil hides the line.
    public var bodies: Int?
    /// The playback badge (`"paused"`, `"2x"`), nil at normal speed.
    public var badge: String?

    /// A report.
    public init(frameRate: FrameRateMeter, liveParticles: Int? = nil, bodies: Int? = nil, badge: String? = nil) {
        self.frameRate = frameRate
        self.liveParticles = liveParticles
        self.bodies = bodies
        self.badge = badge
    }

    /// The panel's lines.
    public var lines: [String] {
        var lines = [
            "\(Self.fixed(frameRate.framesPerSecond)) fps  \(Self.fixed(frameRate.frameMilliseconds)) ms",
            "work \(Self.fixed(frameRate.workMilliseconds)) ms",
        ]
        if let liveParticles { lines.append("particles \(Self.grouped(liveParticles))") }
        if let bodies { lines.append("bodies \(Self.grouped(bodies))") }
        return lines
    }

    /// One decimal, without Foundation's formatter: `16.7`.
    static func fixed(_ value: Double) -> String {
        guard value.isFinite else { return "-" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }

    /// Thousands separated by commas: `12,345`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return value < 0 ? "-" + out : out
    }
}
