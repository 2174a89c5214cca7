import Foundation

/// A transition between a layer's previous appearance (its subtree as last presented) and its current
/// one: fade, move in, push or reveal (Core Animation's CATransition). It is always added under the key
/// `kCATransition`, and it is the default action for `contents` changes (a cross-fade).
///
/// The presentation copy of the layer carries the transition as `activeTransition`: the compositor draws
/// `outgoing` (the snapshot) and the layer itself with the offsets and opacities it gives.
open class CATransition: CAAnimation {
    /// The kind of transition. Default `.fade`.
    public var type: CATransitionType = .fade
    /// The direction of moving transitions. Default nil (treated as `.fromLeft`).
    public var subtype: CATransitionSubtype?
    /// The progress at the start, 0…1. Default 0.
    public var startProgress: Float = 0
    /// The progress at the end, 0…1, ≥ startProgress. Default 1.
    public var endProgress: Float = 1

    /// The previous appearance captured when added.
    private var snapshot: CALayer?

    /// Creates a transition with default values.
    public required init() { super.init() }

    /// Copies `animation`'s properties.
    public required init(copying animation: CAAnimation) {
        super.init(copying: animation)
        if let t = animation as? CATransition {
            type = t.type
            subtype = t.subtype
            startProgress = t.startProgress
            endProgress = t.endProgress
        }
    }

    // MARK: - Engine hooks

    override var displayName: String { "CATransition '\(type.rawValue)'" }

    override func validate(for layer: CALayer) throws {
        try super.validate(for: layer)
        func bad(_ p: String, _ m: String) -> AnimationError {
            .invalidProperty(animation: displayName, property: p, message: m)
        }
        guard CATransitionType.known(type.rawValue) != nil else {
            throw bad("type", "expected one of \(CATransitionType.allCases.map(\.rawValue)), got \"\(type.rawValue)\"")
        }
        if let s = subtype, CATransitionSubtype.known(s.rawValue) == nil {
            throw bad(
                "subtype",
                "expected one of \(CATransitionSubtype.allCases.map(\.rawValue)) or nil, got \"\(s.rawValue)\"")
        }
        guard startProgress.isFinite, (0...1).contains(startProgress) else {
            throw bad("startProgress", "expected 0…1, got \(startProgress)")
        }
        guard endProgress.isFinite, (0...1).contains(endProgress), endProgress >= startProgress else {
            throw bad("endProgress", "expected startProgress…1, got \(endProgress)")
        }
    }

    override func prepare(for layer: CALayer) throws {
        snapshot = layer.transitionSnapshot()
    }

    override func apply(_ state: MediaTimingState, to layer: CALayer) {
        let f = progress(state)
        let p = Double(startProgress) + (Double(endProgress) - Double(startProgress)) * f
        layer.activeTransition = CATransitionPresentation(
            type: type, subtype: subtype ?? .fromLeft, progress: p,
            outgoing: snapshot, size: layer.bounds.size)
    }
}

/// A transition in progress, as shown in a presentation copy: what to draw for the outgoing snapshot and
/// the incoming (current) layer content.
package struct CATransitionPresentation {
    /// The kind of transition.
    package let type: CATransitionType
    /// The direction (nil subtypes are `.fromLeft`).
    package let subtype: CATransitionSubtype
    /// The progress, 0…1.
    package let progress: Double
    /// The layer's previous appearance with its sublayers (a presentation copy); nil when there was none.
    package let outgoing: CALayer?
    /// Offset of the incoming content in the layer's coordinates, points.
    package let incomingOffset: CGPoint
    /// Offset of the outgoing snapshot in the layer's coordinates, points.
    package let outgoingOffset: CGPoint
    /// Opacity multiplier of the incoming content, 0…1.
    package let incomingOpacity: Double
    /// Opacity multiplier of the outgoing snapshot, 0…1.
    package let outgoingOpacity: Double
    /// Whether the outgoing snapshot is drawn over the incoming content (reveal) rather than under it.
    package let outgoingOnTop: Bool

    /// The drawing parameters for `type` at `progress` over a layer of `size`.
    package init(
        type: CATransitionType, subtype: CATransitionSubtype, progress: Double, outgoing: CALayer?, size: CGSize
    ) {
        self.type = type
        self.subtype = subtype
        self.progress = progress
        self.outgoing = outgoing
        let direction: CGPoint
        switch subtype {
        case .fromRight: direction = CGPoint(x: -size.width, y: 0)
        case .fromTop: direction = CGPoint(x: 0, y: size.height)
        case .fromBottom: direction = CGPoint(x: 0, y: -size.height)
        default: direction = CGPoint(x: size.width, y: 0)
        }
        let p = CGFloat(progress)
        let enter = CGPoint(x: -direction.x * (1 - p), y: -direction.y * (1 - p))
        let leave = CGPoint(x: direction.x * p, y: direction.y * p)
        switch type {
        case .moveIn:
            (incomingOffset, outgoingOffset, incomingOpacity, outgoingOpacity, outgoingOnTop) = (
                enter, .zero, 1, 1, false
            )
        case .push:
            (incomingOffset, outgoingOffset, incomingOpacity, outgoingOpacity, outgoingOnTop) = (
                enter, leave, 1, 1, false
            )
        case .reveal:
            (incomingOffset, outgoingOffset, incomingOpacity, outgoingOpacity, outgoingOnTop) = (
                .zero, leave, 1, 1, true
            )
        default:
            (incomingOffset, outgoingOffset, incomingOpacity, outgoingOpacity, outgoingOnTop) = (
                .zero, .zero, progress, 1 - progress, false
            )
        }
    }
}
