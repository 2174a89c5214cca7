import CChipmunk
import Foundation
import LayerKit

/// Mass, centre of gravity and moments of a set of shapes, with Chipmunk's formulas (cpMomentFor*),
/// for bodies that are not (yet) in a space and for explicit-mass bodies' automatic moment.
struct MassProperties {
    /// Total mass.
    var mass = 0.0
    /// Centre of gravity in body coordinates.
    var centroid = CGPoint.zero
    /// Moment of inertia about the body origin.
    var momentAboutOrigin = 0.0

    /// Moment of inertia about the centre of gravity (parallel-axis theorem).
    var momentAboutCentroid: Double {
        momentAboutOrigin - mass * (centroid.x * centroid.x + centroid.y * centroid.y)
    }

    /// - Parameters:
    ///   - shapes: the shapes.
    ///   - totalMass: nil for density × area per shape; a mass to share among the shapes by area
    ///     (equally when no shape has an area).
    init(shapes: [PhysicsShape], totalMass: Double?) {
        let areas = shapes.map { $0.geometry.area }
        let totalArea = areas.reduce(0, +)
        var weighted = CGPoint.zero
        for (i, shape) in shapes.enumerated() {
            let m: Double
            if let totalMass {
                m = totalArea > 0 ? totalMass * areas[i] / totalArea : totalMass / Double(shapes.count)
            } else {
                m = shape.density * areas[i]
            }
            guard m > 0 else { continue }
            let (c, moment) = Self.centroidAndMoment(of: shape.geometry, mass: m)
            mass += m
            weighted.x += m * c.x
            weighted.y += m * c.y
            momentAboutOrigin += moment
        }
        if mass > 0 { centroid = CGPoint(x: weighted.x / mass, y: weighted.y / mass) }
    }

    /// A shape's centroid and its moment about the body origin for mass `m`.
    static func centroidAndMoment(of geometry: ShapeGeometry, mass m: Double) -> (CGPoint, Double) {
        switch geometry {
        case .circle(let radius, let center):
            return (center, cpMomentForCircle(m, 0, radius, center.cp))
        case .segment(let a, let b, let radius):
            return (CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2), cpMomentForSegment(m, a.cp, b.cp, radius))
        case .box(let width, let height, _):
            return (.zero, cpMomentForBox(m, width, height))
        case .polygon(let vertices, let radius):
            let v = vertices.map(\.cp)
            return v.withUnsafeBufferPointer { buffer in
                let c = cpCentroidForPoly(Int32(buffer.count), buffer.baseAddress)
                return (
                    CGPoint(c), cpMomentForPoly(m, Int32(buffer.count), buffer.baseAddress, cpVect(x: 0, y: 0), radius)
                )
            }
        }
    }
}
