import Foundation
import LayerKit
import Testing

@testable import Physics

/// Nearest point, segment and bounding-box queries against hand-computed results.
@Suite struct QueryTests {
    /// Two static circles of radius 10 at (0, 0) and (50, 0).
    func twoCircles() throws -> (PhysicsWorld, PhysicsShape, PhysicsShape) {
        let world = try makeWorld()
        let a = try world.staticBody.addShape(.circle(radius: 10))
        let b = try world.staticBody.addShape(.circle(radius: 10, center: CGPoint(x: 50, y: 0)))
        return (world, a, b)
    }

    @Test func nearestPointOnACircle() throws {
        let (world, a, _) = try twoCircles()
        let r = try #require(try world.nearestPoint(to: CGPoint(x: -30, y: 0), maxDistance: 50))
        #expect(
            r.shape === a && close(r.point, CGPoint(x: -10, y: 0)) && close(r.distance, 20)
                && close(r.gradient.dx, -1) && close(r.gradient.dy, 0),
            "nearest \(r.point), distance \(r.distance), gradient \(r.gradient)")
        let inside = try #require(try world.nearestPoint(to: CGPoint(x: 0, y: 4), maxDistance: 0))
        #expect(
            close(inside.distance, -6) && close(inside.point, CGPoint(x: 0, y: 10)),
            "inside: \(inside.point), \(inside.distance)")
        #expect(try world.nearestPoint(to: CGPoint(x: -30, y: 0), maxDistance: 5) == nil)
    }

    @Test func firstHitAlongASegment() throws {
        let (world, a, _) = try twoCircles()
        let hit = try #require(try world.firstHit(from: CGPoint(x: -100, y: 0), to: CGPoint(x: 100, y: 0)))
        #expect(
            hit.shape === a && close(hit.point, CGPoint(x: -10, y: 0)) && close(hit.fraction, 0.45)
                && close(hit.normal.dx, -1), "hit \(hit.point) at \(hit.fraction), normal \(hit.normal)")
        let thick = try #require(try world.firstHit(from: CGPoint(x: -100, y: 0), to: CGPoint(x: 100, y: 0), radius: 5))
        #expect(
            close(thick.fraction, 0.425),
            "a 5-point-thick segment touches at fraction \(thick.fraction), expected 0.425")
        #expect(try world.firstHit(from: CGPoint(x: -100, y: 20), to: CGPoint(x: 100, y: 20)) == nil)
    }

    @Test func allHitsAlongASegmentNearestFirst() throws {
        let (world, a, b) = try twoCircles()
        let hits = try world.allHits(from: CGPoint(x: -100, y: 0), to: CGPoint(x: 100, y: 0))
        #expect(hits.count == 2 && hits[0].shape === a && hits[1].shape === b, "hits \(hits.map(\.fraction))")
        #expect(
            close(hits[1].fraction, 0.7) && close(hits[1].point, CGPoint(x: 40, y: 0)), "second hit \(hits[1].point)")
    }

    @Test func boundingBoxQuery() throws {
        let (world, a, b) = try twoCircles()
        let found = try world.shapes(intersecting: CGRect(x: 35, y: -5, width: 10, height: 10))
        #expect(found.count == 1 && found[0] === b, "found \(found.map(\.id))")
        let both = try world.shapes(intersecting: CGRect(x: -20, y: -20, width: 100, height: 40))
        #expect(both.count == 2 && both[0] === a, "found \(both.map(\.id))")
        #expect(close(b.boundingBox.minX, 40) && close(b.boundingBox.maxX, 60) && close(b.boundingBox.minY, -10))
    }

    @Test func pointContainment() throws {
        let (world, _, b) = try twoCircles()
        let found = try world.shapes(containing: CGPoint(x: 52, y: 3))
        #expect(found.count == 1 && found[0] === b)
        #expect(try world.shapes(containing: CGPoint(x: 25, y: 0)).isEmpty)
    }

    @Test func shapeQueriesOnAMovedBody() throws {
        let world = try makeWorld(gravity: 0)
        let body = try PhysicsBody(type: .kinematic, position: CGPoint(x: 100, y: 100))
        let box = try body.addShape(.box(width: 20, height: 20))
        try world.add(body)
        try body.setPosition(CGPoint(x: 200, y: 100))
        let near = try #require(try box.nearestPoint(to: CGPoint(x: 230, y: 100)))
        #expect(close(near.point, CGPoint(x: 210, y: 100)) && close(near.distance, 20), "nearest \(near.point)")
        let hit = try #require(try box.firstHit(from: CGPoint(x: 200, y: 0), to: CGPoint(x: 200, y: 200)))
        #expect(
            close(hit.point, CGPoint(x: 200, y: 90)) && close(hit.normal.dy, -1),
            "hit \(hit.point), normal \(hit.normal)")
        // The world's index follows the teleport at once.
        let found = try world.shapes(intersecting: CGRect(x: 195, y: 95, width: 10, height: 10))
        #expect(found.count == 1, "teleported box found by the index: \(found.count)")
    }
}
