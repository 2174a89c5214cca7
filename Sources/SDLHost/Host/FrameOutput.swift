/// What the delegate returns for a frame: the pixels and the counts the overlay shows.
public struct FrameOutput {
    /// The frame (premultiplied RGBA8).
    public var image: FrameImage
    /// The frame's pixels per point (its contentsScale). Default 1.
    public var contentsScale: Double
    /// Live particles, for the overlay; nil hides the line. Default nil.
    public var liveParticles: Int?
    /// Physics bodies, for the overlay; nil hides the line. Default nil.
    public var bodies: Int?

    /// A frame with optional counts.
    public init(image: FrameImage, contentsScale: Double = 1, liveParticles: Int? = nil, bodies: Int? = nil) {
        self.image = image
        self.contentsScale = contentsScale
        self.liveParticles = liveParticles
        self.bodies = bodies
    }
}
