// MARK: - Emission frame

/// The frame emission angles are measured in (docs/Design.md §3.2, §3.5): the emitter shape's frame for
/// top-level cells, the parent particle's direction of motion for sub-cells.
///
/// `forward` is where longitude 0, latitude 0 points; `side` is longitude +π/2 (for the layer frame +y,
/// clockwise on screen); `up` is latitude +π/2 (+z). A sub-cell's frame turns the layer frame so that
/// +x becomes the parent's direction, keeping `up` at +z for motion in the layer plane. A shape's frame
/// is the layer frame turned about z by the shape's natural orientation angle (`naturalLongitude(of:)`);
/// a turn about z adds that angle to every longitude, which is how the births apply it (the layer
/// frame's arithmetic, batched or not, stays the same).
struct EmissionFrame: Equatable {
    var forward: (Double, Double, Double)
    var side: (Double, Double, Double)
    var up: (Double, Double, Double)
    /// Whether this is the layer frame (directions need no turning).
    private(set) var isLayer = false

    static func == (a: EmissionFrame, b: EmissionFrame) -> Bool {
        a.forward == b.forward && a.side == b.side && a.up == b.up
    }

    /// The layer's own axes.
    static let layer: EmissionFrame = {
        var f = EmissionFrame(forward: (1, 0, 0), side: (0, 1, 0), up: (0, 0, 1))
        f.isLayer = true
        return f
    }()

    private init(forward: (Double, Double, Double), side: (Double, Double, Double), up: (Double, Double, Double)) {
        self.forward = forward
        self.side = side
        self.up = up
    }

    /// The frame whose forward axis is the direction of `(dx, dy, dz)`; the layer frame when it is zero.
    init(direction dx: Double, _ dy: Double, _ dz: Double) {
        let length = (dx * dx + dy * dy + dz * dz).squareRoot()
        guard length > 0, length.isFinite else {
            self = .layer
            return
        }
        let f = (dx / length, dy / length, dz / length)
        let planar = (f.0 * f.0 + f.1 * f.1).squareRoot()
        let s: (Double, Double, Double) = planar > 1e-12 ? (-f.1 / planar, f.0 / planar, 0) : (0, 1, 0)
        let u = (f.1 * s.2 - f.2 * s.1, f.2 * s.0 - f.0 * s.2, f.0 * s.1 - f.1 * s.0)
        self.init(forward: f, side: s, up: u)
    }

    /// The natural orientation angle of an emitter shape, radians: what Apple's CAEmitterCell.h measures
    /// the emission angles from ("relative to the natural orientation angle of the emission shape").
    /// A line's longitude 0 is its perpendicular toward −y (up the screen), so 0 is (0, −1, 0) and +π/2
    /// turns it toward +x, the same turning sense as the layer frame: the angle is −π/2. Every other
    /// shape, point included, measures longitude from +x: 0. (docs/Design.md §3.2 gives the evidence.)
    static func naturalLongitude(of shape: EmitterShapeSampler.Shape) -> Double {
        shape == .line ? -Double.pi / 2 : 0
    }

    /// The unit vector at `longitude` (from forward toward side) and `latitude` (toward up), radians.
    @inline(__always)
    func direction(longitude: Double, latitude: Double) -> (Double, Double, Double) {
        direction(longitude: DeterministicMath.sinCos(longitude), latitude: Self.latitudeSinCos(latitude))
    }

    /// The sine and cosine of a latitude as `direction` uses them (exactly (0, 1) for latitude 0).
    static func latitudeSinCos(_ latitude: Double) -> (sin: Double, cos: Double) {
        latitude == 0 ? (sin: 0.0, cos: 1.0) : DeterministicMath.sinCos(latitude)
    }

    /// The unit vector at the longitude and latitude whose sines and cosines are given.
    @inline(__always)
    func direction(longitude lon: (sin: Double, cos: Double), latitude lat: (sin: Double, cos: Double)) -> (
        Double, Double, Double
    ) {
        let a = lat.cos * lon.cos
        let b = lat.cos * lon.sin
        let c = lat.sin
        if isLayer { return (a, b, c) }
        return (
            a * forward.0 + b * side.0 + c * up.0,
            a * forward.1 + b * side.1 + c * up.1,
            a * forward.2 + b * side.2 + c * up.2
        )
    }
}
