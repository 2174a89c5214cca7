import Foundation

/// A half-open rectangle of device pixels: columns `x0..<x1`, rows `y0..<y1`.
struct IntRect: Equatable, CustomStringConvertible {
    var x0: Int, y0: Int, x1: Int, y1: Int

    /// The empty rectangle at the origin.
    static let empty = IntRect(x0: 0, y0: 0, x1: 0, y1: 0)

    var width: Int { max(0, x1 - x0) }
    var height: Int { max(0, y1 - y0) }
    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    func intersection(_ o: IntRect) -> IntRect {
        let r = IntRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
        return r.isEmpty ? .empty : r
    }

    func union(_ o: IntRect) -> IntRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return IntRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }

    func insetBy(_ d: Int) -> IntRect {
        let r = IntRect(x0: x0 + d, y0: y0 + d, x1: x1 - d, y1: y1 - d)
        return r.isEmpty ? .empty : r
    }

    func offsetBy(dx: Int, dy: Int) -> IntRect { IntRect(x0: x0 + dx, y0: y0 + dy, x1: x1 + dx, y1: y1 + dy) }

    /// The pixels touched by a float rectangle (any overlap counts). Non-finite input gives `.empty`.
    static func covering(minX: Float, minY: Float, maxX: Float, maxY: Float) -> IntRect {
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite, maxX > minX, maxY > minY else {
            return .empty
        }
        let lim: Float = 16_777_216
        let r = IntRect(
            x0: Int(max(-lim, min(lim, minX)).rounded(.down)), y0: Int(max(-lim, min(lim, minY)).rounded(.down)),
            x1: Int(max(-lim, min(lim, maxX)).rounded(.up)), y1: Int(max(-lim, min(lim, maxY)).rounded(.up)))
        return r.isEmpty ? .empty : r
    }

    var description: String { "[\(x0),\(y0))–(\(x1),\(y1))" }
}
