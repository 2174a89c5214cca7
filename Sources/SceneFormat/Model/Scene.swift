import Foundation
import LayerKit

/// A loaded scene: the layer tree, ready to render, and the descriptions the engine turns into
/// animations, physics and interaction.
///
/// Layers are the LayerKit model objects (reference types): the engine adds them to its own root or
/// uses `rootLayer` directly. The descriptions name the layers and cells they belong to.
public struct Scene {
    /// A body attached to a layer.
    public struct LayerBody {
        /// The layer the body moves.
        public var layer: CALayer
        /// The body.
        public var body: BodyDescription
    }

    /// An animation to add to a layer, under a key.
    public struct LayerAnimation {
        /// The animated layer.
        public var layer: CALayer
        /// The key passed to `add(_:forKey:)`.
        public var key: String
        /// The animation.
        public var animation: AnimationDescription
    }

    /// Physics options of an emitter cell.
    public struct CellPhysics {
        /// The emitter layer the cell belongs to.
        public var emitter: CAEmitterLayer
        /// The cell (at any depth).
        public var cell: CAEmitterCell
        /// Its physics.
        public var physics: CellPhysicsDescription
    }

    /// The file format version this scene was written for (1).
    public var schemaVersion: Int
    /// What the scene shows. Default nil.
    public var description: String?
    /// View size, background and frame rate.
    public var display: DisplayDescription
    /// A plain layer of the display's size at the origin whose sublayers are the scene's `layers`.
    public var rootLayer: CALayer
    /// Drag and click behaviour. Default nil.
    public var interaction: InteractionDescription?
    /// The physics world; nil when the scene has no `physics` section.
    public var physics: PhysicsDescription?
    /// Bodies of layers, in document order.
    public var bodies: [LayerBody]
    /// Physics of emitter cells, in document order.
    public var cellPhysics: [CellPhysics]
    /// Force fields, in document order.
    public var fields: [FieldDescription]
    /// Joints between bodies, in document order.
    public var constraints: [ConstraintDescription]
    /// Animations of layers, in document order.
    public var animations: [LayerAnimation]
    /// The scene file's path when loaded from a file (for reloading), else nil.
    public var sourcePath: String?
    /// The folder asset paths are relative to, or nil.
    public var baseDirectory: String?
    /// Problems that did not stop the load.
    public var warnings: [SceneDiagnostic]

    /// The scene's top-level layers.
    public var layers: [CALayer] { rootLayer.sublayers ?? [] }

    /// The first layer named `name` (masks included).
    public func layer(named name: String) -> CALayer? { rootLayer.layer(named: name) }
}
