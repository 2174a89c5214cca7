import Foundation
import LayerKit

/// The scene's `interaction` section: what dragging and clicking in the window do.
public struct InteractionDescription: Equatable, Sendable {
    /// A property of a named layer: `"fire.emitterPosition"` is layer `fire`, key path `emitterPosition`.
    public struct Target: Equatable, Hashable, Sendable, CustomStringConvertible {
        /// The layer's `name`.
        public var layerName: String
        /// A key path of that layer (`emitterPosition`, `position`, `emitterCells.spark.birthRate`).
        public var keyPath: String

        /// Creates a target.
        public init(layerName: String, keyPath: String) {
            self.layerName = layerName
            self.keyPath = keyPath
        }

        /// `layer.keyPath`, as written in scene files.
        public var description: String { layerName + "." + keyPath }
    }

    /// What a click does.
    public enum ClickAction: Equatable, Sendable {
        /// Sets a point property to the click position (in the target layer's superlayer's coordinates
        /// for `position`, in its own coordinates otherwise).
        case moveTo(Target)
        /// Sets a property to a fixed value.
        case setValue(Target, LayerValue)
        /// Flips a Boolean property.
        case toggle(Target)
        /// Reloads the scene from its initial state.
        case reset
        /// Emits `count` particles of a cell (a dotted name path such as `"rocket"`) of the emitter layer
        /// named `emitter`, at the click position, in the cell's emission directions: a one-shot burst.
        case burst(emitter: String, cell: String, count: Int)
    }

    /// While the pointer is dragged, this point property follows it. Default nil (dragging does nothing).
    public var drag: Target?
    /// What a click does. Default nil (nothing).
    public var click: ClickAction?

    /// No interaction.
    public init() {}
}
