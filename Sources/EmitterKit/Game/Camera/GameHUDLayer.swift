import Foundation

/// The layer that holds a game's HUD (`GameSession.hudLayer`): its coordinates are view points whatever
/// the camera does, and it is drawn above the world. It covers the view but is never hit itself, so a
/// click reaches the world wherever no HUD layer is (its sublayers are hit as usual).
public final class GameHUDLayer: CALayer {
    /// Never true: the HUD passes hits on to the world below it; its sublayers are hit tested as usual.
    public override func contains(_ p: CGPoint) -> Bool { false }

    /// A HUD layer (presentation copies keep the class).
    public override class func makeLayer(copying layer: CALayer?) -> CALayer {
        layer.map { GameHUDLayer(layer: $0) } ?? GameHUDLayer()
    }
}
