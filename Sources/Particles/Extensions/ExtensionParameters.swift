import Foundation
import LayerKit

// MARK: - Extension parameters

/// The values of a cell's extension properties for one step (docs/Particles.md, "Extensions"), with
/// non-finite values replaced by their defaults. Nil in `CellParameters` for cells that use none, so
/// Core Animation cells take no extra work and no extra memory.
struct ExtensionParameters {
    /// Radial and tangential acceleration (mean, range), points per second².
    var radial: Float, radialRange: Float, tangential: Float, tangentialRange: Float
    /// Mean end colour and its ranges, when the cell interpolates colour.
    var endColor: SIMD4<Float>?, endColorRange: SIMD4<Float>
    /// Mean end scale and its range, when the cell interpolates scale.
    var endScale: Float?, endScaleRange: Float
    /// Rotation at birth (mean, range) and at the end, radians.
    var rotation: Float, rotationRange: Float, endRotation: Float?, endRotationRange: Float
    /// Orbit start radius (nil: no orbit), end radius (nil: constant) and angular velocity, with ranges.
    var orbitRadius: Float?, orbitRadiusRange: Float, orbitEndRadius: Float?, orbitEndRadiusRange: Float
    var orbitAngularVelocity: Float, orbitAngularVelocityRange: Float
    /// Frames a flipbook's random start frame is drawn from (`randomStartFrame`); 0 when it starts at 0.
    var startFrames: Int

    /// The parameters of `cell`, or nil when it uses no extension.
    init?(cell: CAEmitterCell) {
        // A random flipbook start is per-particle state too (its own column, docs/Particles.md "Flipbooks").
        let book = cell.contentsFrames
        startFrames = book?.randomStartFrame == true ? book?.frameCount ?? 0 : 0
        guard cell.usesExtensions || startFrames > 0 else { return nil }
        func g(_ v: CGFloat) -> Float {
            let x = Float(v)
            return x.isFinite ? x : 0
        }
        func o(_ v: CGFloat?) -> Float? {
            v.flatMap {
                let x = Float($0)
                return x.isFinite ? x : nil
            }
        }
        func f(_ v: Float) -> Float { v.isFinite ? abs(v) : 0 }
        radial = g(cell.radialAcceleration)
        radialRange = abs(g(cell.radialAccelerationRange))
        tangential = g(cell.tangentialAcceleration)
        tangentialRange = abs(g(cell.tangentialAccelerationRange))
        endColor = cell.endColor.map { c in
            func unit(_ v: CGFloat) -> Float {
                let x = Float(v)
                return x.isFinite ? x : 1
            }
            return SIMD4(unit(c.red), unit(c.green), unit(c.blue), unit(c.alpha))
        }
        endColorRange = SIMD4(f(cell.endRedRange), f(cell.endGreenRange), f(cell.endBlueRange), f(cell.endAlphaRange))
        endScale = o(cell.endScale)
        endScaleRange = abs(g(cell.endScaleRange))
        rotation = g(cell.rotation)
        rotationRange = abs(g(cell.rotationRange))
        endRotation = o(cell.endRotation)
        endRotationRange = abs(g(cell.endRotationRange))
        orbitRadius = o(cell.orbitRadius)
        orbitRadiusRange = abs(g(cell.orbitRadiusRange))
        orbitEndRadius = o(cell.orbitEndRadius)
        orbitEndRadiusRange = abs(g(cell.orbitEndRadiusRange))
        orbitAngularVelocity = g(cell.orbitAngularVelocity)
        orbitAngularVelocityRange = abs(g(cell.orbitAngularVelocityRange))
    }

    /// Whether particles feel radial or tangential acceleration.
    var hasRadial: Bool { radial != 0 || radialRange != 0 || tangential != 0 || tangentialRange != 0 }
    /// Whether particles have a rotation at birth or an end rotation.
    var hasRotation: Bool { rotation != 0 || rotationRange != 0 || endRotation != nil }
    /// Whether particles orbit the emitter position.
    var orbits: Bool { orbitRadius != nil }

    /// The extension columns the cell's particles need.
    var columnMask: UInt32 {
        var columns: [ExtraColumn] = []
        if hasRadial && !orbits { columns += [.radial, .tangential] }
        if endColor != nil { columns += [.redSpeed, .greenSpeed, .blueSpeed, .alphaSpeed] }
        if endScale != nil { columns.append(.scaleSpeed) }
        if hasRotation { columns.append(.rotation) }
        if orbits { columns += [.orbitAngle, .orbitAngularVelocity, .orbitRadius, .orbitRadiusSpeed] }
        if startFrames > 0 { columns.append(.frameStart) }
        return ExtraColumn.mask(columns)
    }
}
