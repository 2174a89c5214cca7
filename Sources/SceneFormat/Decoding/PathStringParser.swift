import Foundation
import LayerKit

/// Parses SVG path data (`"M 0 0 L 100 0 C … Q … A … Z"`) into a `CGPath`.
///
/// Commands M L H V C S Q T A Z and their relative lower-case forms, with implicit repetition
/// (`"L 1 2 3 4"` is two lines; extra pairs after M are lines), commas or spaces as separators and
/// packed arc flags (`"a5 5 0 011 1"`). Elliptical arcs become cubic Béziers of at most 90° each, as
/// Core Graphics stores them. Angles and the y-down space are SVG's, which match the layers': a sweep
/// flag of 1 turns clockwise on screen.
struct PathStringParser {
    /// A syntax error at a character index of the string.
    struct SyntaxError: Error, Equatable {
        /// 0-based character index.
        var index: Int
        /// What is wrong.
        var message: String
    }

    private let chars: [Character]
    private var i = 0
    private let path = CGMutablePath()
    private var current = CGPoint.zero
    private var subpathStart = CGPoint.zero
    private var lastCubicControl: CGPoint?
    private var lastQuadControl: CGPoint?

    /// Parses `text`.
    static func parse(_ text: String) -> Result<CGPath, SyntaxError> {
        var parser = PathStringParser(chars: Array(text))
        do {
            try parser.run()
            return .success(CGPath(elements: parser.path.elements))
        } catch let e as SyntaxError {
            return .failure(e)
        } catch {
            return .failure(SyntaxError(index: 0, message: "\(error)"))
        }
    }

    private init(chars: [Character]) { self.chars = chars }

    private mutating func run() throws {
        skipSeparators()
        guard i < chars.count else {
            throw SyntaxError(index: 0, message: "the path is empty; start it with a move such as \"M 0 0\"")
        }
        guard chars[i] == "M" || chars[i] == "m" else {
            throw SyntaxError(index: i, message: "a path starts with a move (M or m), got '\(chars[i])'")
        }
        var command: Character = "M"
        while true {
            skipSeparators()
            guard i < chars.count else { break }
            let c = chars[i]
            if c.isLetter {
                guard "MmLlHhVvCcSsQqTtAaZz".contains(c) else {
                    throw SyntaxError(
                        index: i,
                        message: "unknown path command '\(c)'; use M L H V C S Q T A Z (lower case for relative)")
                }
                command = c
                i += 1
                if c == "Z" || c == "z" {
                    closePath()
                    continue
                }
            } else if !(c.isNumber || c == "-" || c == "+" || c == ".") {
                throw SyntaxError(index: i, message: "unexpected '\(c)' in the path")
            } else if command == "Z" || command == "z" {
                throw SyntaxError(index: i, message: "a number after Z needs a command first (M or L …)")
            }
            try segment(command)
            // After a move, further coordinate pairs are lines (SVG's implicit lineto).
            if command == "M" { command = "L" } else if command == "m" { command = "l" }
        }
    }

    private mutating func segment(_ command: Character) throws {
        let relative = command.isLowercase
        let base = relative ? current : .zero
        func pt(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: base.x + x, y: base.y + y) }
        switch command.uppercased() {
        case "M":
            let p = pt(try num(command), try num(command))
            path.move(to: p)
            current = p
            subpathStart = p
            lastCubicControl = nil
            lastQuadControl = nil
        case "L":
            let p = pt(try num(command), try num(command))
            line(to: p)
        case "H":
            let x = try num(command)
            line(to: CGPoint(x: relative ? current.x + x : x, y: current.y))
        case "V":
            let y = try num(command)
            line(to: CGPoint(x: current.x, y: relative ? current.y + y : y))
        case "C":
            let c1 = pt(try num(command), try num(command))
            let c2 = pt(try num(command), try num(command))
            let p = pt(try num(command), try num(command))
            path.addCurve(to: p, control1: c1, control2: c2)
            current = p
            lastCubicControl = c2
            lastQuadControl = nil
        case "S":
            let c1 = reflect(lastCubicControl)
            let c2 = pt(try num(command), try num(command))
            let p = pt(try num(command), try num(command))
            path.addCurve(to: p, control1: c1, control2: c2)
            current = p
            lastCubicControl = c2
            lastQuadControl = nil
        case "Q":
            let c = pt(try num(command), try num(command))
            let p = pt(try num(command), try num(command))
            path.addQuadCurve(to: p, control: c)
            current = p
            lastQuadControl = c
            lastCubicControl = nil
        case "T":
            let c = reflect(lastQuadControl)
            let p = pt(try num(command), try num(command))
            path.addQuadCurve(to: p, control: c)
            current = p
            lastQuadControl = c
            lastCubicControl = nil
        case "A":
            let rx = try num(command)
            let ry = try num(command)
            let rotation = try num(command)
            let large = try flag(command)
            let sweep = try flag(command)
            let p = pt(try num(command), try num(command))
            arc(to: p, rx: rx, ry: ry, degrees: rotation, large: large, sweep: sweep)
            current = p
            lastCubicControl = nil
            lastQuadControl = nil
        default:
            throw SyntaxError(index: i, message: "unknown path command '\(command)'")
        }
    }

    private mutating func line(to p: CGPoint) {
        path.addLine(to: p)
        current = p
        lastCubicControl = nil
        lastQuadControl = nil
    }

    private mutating func closePath() {
        path.closeSubpath()
        current = subpathStart
        lastCubicControl = nil
        lastQuadControl = nil
    }

    private func reflect(_ control: CGPoint?) -> CGPoint {
        guard let c = control else { return current }
        return CGPoint(x: 2 * current.x - c.x, y: 2 * current.y - c.y)
    }

    // MARK: - Arcs (SVG implementation notes, F.6.5)

    private mutating func arc(
        to p: CGPoint, rx rxIn: CGFloat, ry ryIn: CGFloat, degrees: CGFloat, large: Bool, sweep: Bool
    ) {
        let p0 = current
        if p0 == p { return }
        var rx = abs(rxIn)
        var ry = abs(ryIn)
        if rx == 0 || ry == 0 {
            path.addLine(to: p)
            return
        }
        let phi = degrees * .pi / 180
        let cosPhi = cos(phi)
        let sinPhi = sin(phi)
        let dx2 = (p0.x - p.x) / 2
        let dy2 = (p0.y - p.y) / 2
        let x1 = cosPhi * dx2 + sinPhi * dy2
        let y1 = -sinPhi * dx2 + cosPhi * dy2
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            rx *= sqrt(lambda)
            ry *= sqrt(lambda)
        }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var coef = den > 0 ? sqrt(max(0, num / den)) : 0
        if large == sweep { coef = -coef }
        let cxp = coef * rx * y1 / ry
        let cyp = -coef * ry * x1 / rx
        let cx = cosPhi * cxp - sinPhi * cyp + (p0.x + p.x) / 2
        let cy = sinPhi * cxp + cosPhi * cyp + (p0.y + p.y) / 2
        func angle(_ ux: CGFloat, _ uy: CGFloat, _ vx: CGFloat, _ vy: CGFloat) -> CGFloat {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let theta1 = angle(1, 0, (x1 - cxp) / rx, (y1 - cyp) / ry)
        var delta = angle((x1 - cxp) / rx, (y1 - cyp) / ry, (-x1 - cxp) / rx, (-y1 - cyp) / ry)
        if !sweep, delta > 0 { delta -= 2 * .pi }
        if sweep, delta < 0 { delta += 2 * .pi }
        guard delta.isFinite, cx.isFinite, cy.isFinite else {
            path.addLine(to: p)
            return
        }
        let segments = max(1, Int((abs(delta) / (.pi / 2)).rounded(.up)))
        let step = delta / CGFloat(segments)
        let k = 4.0 / 3.0 * tan(step / 4)
        func map(_ ux: CGFloat, _ uy: CGFloat) -> CGPoint {
            let x = rx * ux
            let y = ry * uy
            return CGPoint(x: cx + cosPhi * x - sinPhi * y, y: cy + sinPhi * x + cosPhi * y)
        }
        var a0 = theta1
        for s in 0..<segments {
            let a1 = a0 + step
            let c1 = map(cos(a0) - k * sin(a0), sin(a0) + k * cos(a0))
            let c2 = map(cos(a1) + k * sin(a1), sin(a1) - k * cos(a1))
            let end = s == segments - 1 ? p : map(cos(a1), sin(a1))
            path.addCurve(to: end, control1: c1, control2: c2)
            a0 = a1
        }
    }

    // MARK: - Tokens

    private mutating func skipSeparators() {
        while i < chars.count,
            chars[i] == " " || chars[i] == "," || chars[i] == "\n" || chars[i] == "\t" || chars[i] == "\r"
        { i += 1 }
    }

    private mutating func num(_ command: Character) throws -> CGFloat {
        skipSeparators()
        let start = i
        if i < chars.count, chars[i] == "-" || chars[i] == "+" { i += 1 }
        var digits = 0
        while i < chars.count, chars[i].isASCII, chars[i].isNumber {
            i += 1
            digits += 1
        }
        if i < chars.count, chars[i] == "." {
            i += 1
            while i < chars.count, chars[i].isASCII, chars[i].isNumber {
                i += 1
                digits += 1
            }
        }
        guard digits > 0 else {
            i = start
            let got = start < chars.count ? "'\(chars[start])'" : "the end of the path"
            throw SyntaxError(index: start, message: "expected a number for '\(command)', got \(got)")
        }
        if i < chars.count, chars[i] == "e" || chars[i] == "E" {
            let save = i
            i += 1
            if i < chars.count, chars[i] == "-" || chars[i] == "+" { i += 1 }
            var expDigits = 0
            while i < chars.count, chars[i].isASCII, chars[i].isNumber {
                i += 1
                expDigits += 1
            }
            if expDigits == 0 { i = save }
        }
        guard let v = Double(String(chars[start..<i])), v.isFinite, abs(v) <= DecodingContext.largestNumber else {
            throw SyntaxError(
                index: start,
                message: "number \(String(chars[start..<i])) is too large; numbers in scenes are at most 1e12 in size")
        }
        return CGFloat(v)
    }

    private mutating func flag(_ command: Character) throws -> Bool {
        skipSeparators()
        guard i < chars.count, chars[i] == "0" || chars[i] == "1" else {
            let got = i < chars.count ? "'\(chars[i])'" : "the end of the path"
            throw SyntaxError(index: i, message: "expected an arc flag 0 or 1 for '\(command)', got \(got)")
        }
        defer { i += 1 }
        return chars[i] == "1"
    }
}

extension DecodingContext {
    /// The shapes a path object may describe instead of a path string.
    static let pathObjectKeys = ["rect", "ellipseIn", "roundedRect", "cornerRadius"]

    /// A path: SVG path data, `{"rect": [x, y, w, h]}`, `{"ellipseIn": [x, y, w, h]}` or
    /// `{"roundedRect": [x, y, w, h], "cornerRadius": r}`.
    func path(_ f: Field) -> CGPath? {
        switch f.node.value {
        case .invalid: return nil
        case .string(let s):
            switch PathStringParser.parse(s) {
            case .success(let p): return p
            case .failure(let e):
                error(f, "bad path string at character \(e.index + 1): \(e.message)")
                return nil
            }
        case .object:
            guard let obj = ObjectReader(f) else { return nil }
            rejectUnknownKeys(obj, allowed: DecodingContext.pathObjectKeys, in: "a path object")
            let shapes = ["rect", "ellipseIn", "roundedRect"].filter { obj.has($0) }
            guard shapes.count == 1 else {
                error(
                    f,
                    "a path object has one of \"rect\", \"ellipseIn\" or \"roundedRect\""
                        + (shapes.count > 1 ? ", not several" : ""))
                return nil
            }
            if obj.has("cornerRadius"), shapes[0] != "roundedRect", let c = obj["cornerRadius"] {
                error(c, "\"cornerRadius\" goes with \"roundedRect\"")
            }
            guard let r = obj[shapes[0]].flatMap({ rect($0, nonNegativeSize: true) }) else { return nil }
            switch shapes[0] {
            case "rect": return CGPath(rect: r)
            case "ellipseIn": return CGPath(ellipseIn: r)
            default:
                guard let cf = obj["cornerRadius"] else {
                    missing("cornerRadius", in: obj, "\"cornerRadius\": 10")
                    return nil
                }
                guard let radius = number(cf, .nonNegative) else { return nil }
                return CGPath(roundedRect: r, cornerWidth: radius, cornerHeight: radius)
            }
        default:
            error(
                f,
                "expected a path: SVG path data such as \"M 0 0 L 100 0 Z\", or {\"rect\": [x, y, w, h]}, got \(f.node.summary)"
            )
            return nil
        }
    }
}
