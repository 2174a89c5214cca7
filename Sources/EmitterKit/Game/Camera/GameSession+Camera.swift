import Foundation

/// The camera and the HUD.
extension GameSession {
    /// The current run's camera: at rest (the root shown as it is) until the game moves it or asks for
    /// the HUD. A restart makes a new one.
    public var camera: GameCamera { run.camera }

    /// A layer fixed on screen above the world, in view points (origin top-left, y down), for scores,
    /// bars and buttons: the camera moves the world, not the HUD. Made on first use as the root's top
    /// sublayer, kept on top (layers added to the root later are moved below it at the next frame), and
    /// hit tested before the world (`hitTest(_:)`); it covers the view but is never hit itself.
    public var hudLayer: CALayer {
        let hud = run.camera.hudLayer(root: rootLayer)
        // Written at once, so a HUD made in `setUp` is in place before the first frame.
        run.camera.show(fraction: 1)
        return hud
    }
}
