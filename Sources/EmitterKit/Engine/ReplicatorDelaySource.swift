import Compositor
import Foundation
import LayerKit

/// Supplies the compositor with the delayed presentation subtrees that `CAReplicatorLayer.instanceDelay`
/// asks for: instance k of a replicator shows its sublayers' animations k × instanceDelay seconds late.
final class ReplicatorDelaySource: ReplicatorInstanceSource {
    /// The media time of the frame being drawn, set by the engine before each render.
    var mediaTime: CFTimeInterval = 0

    func sublayer(
        _ sublayer: CALayer, ofInstance index: Int, delayedBy delay: CFTimeInterval,
        in replicator: CAReplicatorLayer
    ) -> CALayer? {
        sublayer.presentationSubtree(atTime: mediaTime, delayedBy: delay)
    }
}
