import Foundation
import LayerKit

// MARK: - Snapshot record

/// One live particle as a value, for tests and tools (`EmitterSimulation.snapshot()`).
///
/// Coordinates are the emitter layer's (points, y down); `color` is the particle's current colour,
/// clamped to 0…1, before it multiplies the cell's contents.
public struct ParticleRecord: Equatable {
    /// The model cell the particle belongs to.
    public var cell: CAEmitterCell
    /// The index of the cell in depth-first declaration order (`CAEmitterLayer.allCells`).
    public var cellIndex: Int
    /// Position, points.
    public var x: Float, y: Float, z: Float
    /// Velocity, points per second.
    public var vx: Float, vy: Float, vz: Float
    /// Seconds since birth, in the emitter's local time (0 ≤ age < lifetime).
    public var age: Float
    /// Seconds the particle lives, > 0.
    public var lifetime: Float
    /// Current colour components, 0…1.
    public var red: Float, green: Float, blue: Float, alpha: Float
    /// Current scale, ≥ 0.
    public var scale: Float
    /// Current rotation, radians (spin × age; initial rotation 0).
    public var rotation: Float
    /// Rotation rate, radians per second.
    public var spin: Float

    /// Speed, points per second.
    public var speed: Float { (vx * vx + vy * vy + vz * vz).squareRoot() }

    /// Records are equal when every value is equal and the cell is the same object.
    public static func == (a: ParticleRecord, b: ParticleRecord) -> Bool {
        a.cell === b.cell && a.cellIndex == b.cellIndex && a.x == b.x && a.y == b.y && a.z == b.z
            && a.vx == b.vx && a.vy == b.vy && a.vz == b.vz && a.age == b.age && a.lifetime == b.lifetime
            && a.red == b.red && a.green == b.green && a.blue == b.blue && a.alpha == b.alpha
            && a.scale == b.scale && a.rotation == b.rotation && a.spin == b.spin
    }
}
