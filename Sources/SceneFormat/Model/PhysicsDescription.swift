import Foundation
import LayerKit

/// The scene's `physics` section: the Chipmunk world that bodies live in.
///
/// A plain description; the engine maps it to the Physics module. Units are the layers': points,
/// seconds, y down (a positive gravity y pulls down), docs/Design.md §4.
public struct PhysicsDescription: Equatable, Sendable {
    /// Which walls to put around the display.
    public enum Side: String, CaseIterable, Sendable {
        /// x = 0.
        case left
        /// x = display width.
        case right
        /// y = 0.
        case top
        /// y = display height.
        case bottom
    }

    /// Static segments along the edges of the display (the book's crates demo).
    public struct Walls: Equatable, Sendable {
        /// Bounciness of the walls, ≥ 0 (Chipmunk multiplies it with the body's). Default 0.
        public var elasticity: Double = 0
        /// Friction of the walls, ≥ 0 (multiplied with the body's). Default 0.
        public var friction: Double = 0
        /// Half the thickness of the wall segments, points, ≥ 0. Default 1.
        public var radius: Double = 1
        /// The edges that get a wall. Default all four.
        public var sides: [Side] = Side.allCases

        /// The defaults.
        public init() {}
    }

    /// Acceleration of every dynamic body, points per second². Default (0, 0).
    public var gravity: CGVector = CGVector(dx: 0, dy: 0)
    /// The engine's fixed simulation step for emitters and physics, seconds, > 0 and ≤ 0.1. Default 1/120.
    public var step: Double = 1.0 / 120
    /// Solver iterations per step, 1…1000. Default 10 (Chipmunk's).
    public var iterations: Int = 10
    /// Fraction of velocity a body keeps per second, > 0 and ≤ 1 (1: no damping). Default 1.
    public var damping: Double = 1
    /// Seconds a body must be idle before it sleeps, ≥ 0, or infinity (never). Default infinity.
    public var sleepTimeThreshold: Double = .infinity
    /// Speed below which a body counts as idle, points per second, ≥ 0 (0: Chipmunk estimates it). Default 0.
    public var idleSpeedThreshold: Double = 0
    /// Overlap allowed between shapes, points, ≥ 0. Default 0.1.
    public var collisionSlop: Double = 0.1
    /// Walls around the display, or nil for none. Default nil.
    public var walls: Walls?

    /// The defaults.
    public init() {}
}
