import Foundation
import LayerKit
import Testing

@testable import PathGeometry

@Suite struct ShapeGeometryTests {
    @Test func defaultShapeLayerFillsBlackAndDoesNotStroke() throws {
        let layer = CAShapeLayer()
        #expect(
            try ShapeGeometry(shapeLayer: layer, transform: .identity) == ShapeGeometry(fill: nil, stroke: nil),
            "no path, nothing to draw")
        layer.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let g = try ShapeGeometry(shapeLayer: layer, transform: .identity)
        #expect(g.fill != nil && g.stroke == nil)
    }

    @Test func transparentColoursSkipTheirPart() throws {
        let layer = CAShapeLayer()
        layer.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.fillColor = UIColor.clear.cgColor
        layer.strokeColor = UIColor.red.cgColor
        let g = try ShapeGeometry(shapeLayer: layer, transform: .identity)
        #expect(g.fill == nil && g.stroke != nil)
        layer.strokeEnd = 0
        #expect(try ShapeGeometry(shapeLayer: layer, transform: .identity).stroke == nil, "strokeEnd 0 draws nothing")
    }

    @Test func layerPropertiesReachTheStroke() throws {
        let layer = CAShapeLayer()
        layer.path = polyline([pt(10, 10), pt(60, 10), pt(60, 60)])
        layer.strokeColor = UIColor.red.cgColor
        layer.fillColor = nil
        layer.lineWidth = 10
        layer.lineJoin = .bevel
        layer.lineCap = .square
        let g = try #require(try ShapeGeometry(shapeLayer: layer, transform: CGAffineTransform(scaleX: 2, y: 2)).stroke)
        // Square caps extend 5 pt (10 px at 2×) beyond both ends; the bevel cuts the outer corner.
        #expect(g.bounds == CGRect(x: 10, y: 10, width: 120, height: 120), "bounds \(g.bounds)")
        #expect(!g.contains(pt(129, 11)), "bevelled corner")
    }

    @Test func badLayerValuesAreErrorsNamingTheProperty() {
        let layer = CAShapeLayer()
        layer.path = polyline([pt(0, 0), pt(10, 0)])
        layer.strokeColor = UIColor.red.cgColor
        layer.lineDashPattern = [3, -1]
        #expect(throws: PathGeometryError.badDashLength(index: 1, value: -1)) {
            try ShapeGeometry(shapeLayer: layer, transform: .identity)
        }
        layer.lineDashPattern = nil
        layer.lineWidth = .nan
        do {
            _ = try ShapeGeometry(shapeLayer: layer, transform: .identity)
            Issue.record("a NaN lineWidth must be refused")
        } catch {
            #expect("\(error)".contains("lineWidth"), "message: \(error)")
        }
    }
}
