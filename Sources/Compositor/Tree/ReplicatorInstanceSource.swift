import Foundation
import LayerKit

/// The seam for `CAReplicatorLayer.instanceDelay`: instance k of a replicator shows its sublayers'
/// animations delayed by k × instanceDelay seconds, so it needs the presentation subtree evaluated at
/// t − k·delay. The animation engine supplies it; without one (or when it returns nil) every instance is
/// drawn from the same presentation copy.
package protocol ReplicatorInstanceSource: AnyObject {
    /// The presentation subtree to draw for instance `index` (≥ 1) of `sublayer`, a sublayer of
    /// `replicator`, evaluated `delay` seconds earlier than the frame (delay = index × instanceDelay);
    /// nil draws `sublayer` itself. The returned layer is placed like `sublayer` (its own position and
    /// transform are used).
    func sublayer(
        _ sublayer: CALayer, ofInstance index: Int, delayedBy delay: CFTimeInterval,
        in replicator: CAReplicatorLayer
    ) -> CALayer?
}
