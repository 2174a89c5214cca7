import Foundation
import LayerKit

/// The physics sections: the world, layer bodies, cell physics, force fields and constraints. They
/// decode into plain descriptions; the engine maps them onto the Physics module.
extension SceneDecoder {
    // MARK: - World

    func decodePhysics(_ f: Field) -> PhysicsDescription? {
        guard let obj = ctx.object(f, "the physics settings") else { return nil }
        ctx.rejectUnknownKeys(obj, allowed: SceneKeyTables.physics, in: "the physics settings")
        var p = PhysicsDescription()
        if let v = obj["gravity"], let g = ctx.vector(v) { p.gravity = g }
        if let v = obj["step"], let x = ctx.number(v, .above(0, upTo: 0.1)) { p.step = x }
        if let v = obj["iterations"], let x = ctx.integer(v, 1...1000) { p.iterations = x }
        if let v = obj["damping"], let x = ctx.number(v, .above(0, upTo: 1)) { p.damping = x }
        if let v = obj["sleepTimeThreshold"], let x = ctx.number(v, .nonNegative, infinity: true) {
            p.sleepTimeThreshold = x
        }
        if let v = obj["idleSpeedThreshold"], let x = ctx.number(v, .nonNegative) { p.idleSpeedThreshold = x }
        if let v = obj["collisionSlop"], let x = ctx.number(v, .nonNegative) { p.collisionSlop = x }
        if let v = obj["walls"] { p.walls = decodeWalls(v) }
        return p
    }

    private func decodeWalls(_ f: Field) -> PhysicsDescription.Walls? {
        guard let obj = ctx.object(f, "the walls") else { return nil }
        ctx.rejectUnknownKeys(obj, allowed: SceneKeyTables.walls, in: "the walls")
        var w = PhysicsDescription.Walls()
        if let v = obj["elasticity"], let x = ctx.number(v, .nonNegative) { w.elasticity = x }
        if let v = obj["friction"], let x = ctx.number(v, .nonNegative) { w.friction = x }
        if let v = obj["radius"], let x = ctx.number(v, .nonNegative) { w.radius = x }
        if let v = obj["sides"],
            let elements = ctx.array(v, "a list of sides such as [\"left\", \"right\", \"bottom\"]")
        {
            var sides: [PhysicsDescription.Side] = []
            for e in elements {
                guard let side = ctx.enumeration(e, PhysicsDescription.Side.self) else { continue }
                if sides.contains(side) {
                    ctx.error(e, "the side \(quoted(side.rawValue)) is listed twice")
                } else {
                    sides.append(side)
                }
            }
            if elements.isEmpty { ctx.error(v, "give at least one side, or leave \"walls\" out") }
            w.sides = sides
        }
        return w
    }

    // MARK: - Bodies

    /// The keys that only some shapes take.
    private static let shapeKeys: [String: BodyShapeName] = [
        "size": .box, "vertices": .polygon, "a": .segment, "b": .segment,
    ]

    /// The collision shapes a body may have.
    enum BodyShapeName: String, CaseIterable { case circle, box, polygon, segment }

    func decodeBody(_ f: Field, layer: CALayer) -> BodyDescription? {
        guard let obj = ctx.object(f, "a body") else { return nil }
        ctx.rejectUnknownKeys(obj, allowed: SceneKeyTables.body, in: "a body")
        var b = BodyDescription()
        if let v = obj["type"], let t = ctx.enumeration(v, BodyDescription.BodyType.self) { b.type = t }
        var shape: BodyShapeName? = .box
        if let v = obj["shape"] { shape = ctx.enumeration(v, BodyShapeName.self) }
        if let shape {
            for (key, owner) in SceneDecoder.shapeKeys where owner != shape {
                if let v = obj[key] {
                    ctx.error(
                        v,
                        "\(quoted(key)) applies to \"shape\": \(quoted(owner.rawValue)), not \(quoted(shape.rawValue))")
                }
            }
        }
        let shapeResult = shape.flatMap { bodyShape($0, obj, f, layer: layer) }

        if b.type != .dynamic {
            for key in ["mass", "density", "moment"] {
                if let v = obj[key] {
                    ctx.error(v, "\(quoted(key)) applies to dynamic bodies; this body is \(b.type.rawValue)")
                }
            }
            if b.type == .static {
                for key in ["velocity", "angularVelocity"] {
                    if let v = obj[key] {
                        ctx.error(
                            v,
                            "\(quoted(key)) does not apply to a static body, which never moves; make it \"kinematic\" to move it"
                        )
                    }
                }
            }
        } else {
            if let v = obj["mass"] { b.mass = ctx.number(v, .positive) }
            if let v = obj["density"] {
                if obj.has("mass") {
                    ctx.error(v, "give \"mass\" or \"density\", not both")
                } else {
                    b.density = ctx.number(v, .positive)
                }
            }
            if b.mass == nil, b.density == nil, !obj.has("mass"), !obj.has("density") { b.density = 1 }
            if let v = obj["moment"] { b.moment = ctx.number(v, .positive) }
        }
        if let v = obj["elasticity"], let x = ctx.number(v, .nonNegative) { b.elasticity = x }
        if let v = obj["friction"], let x = ctx.number(v, .nonNegative) { b.friction = x }
        if b.type != .static {
            if let v = obj["velocity"], let x = ctx.vector(v) { b.velocity = x }
            if let v = obj["angularVelocity"], let x = ctx.number(v, angle: true) { b.angularVelocity = x }
        }
        if let v = obj["isSensor"], let x = ctx.bool(v) { b.isSensor = x }
        if let v = obj["group"], let x = ctx.integer(v, 0...Int(UInt32.max)) { b.group = UInt32(x) }
        if let v = obj["categories"], let x = ctx.integer(v, 0...Int(UInt32.max)) { b.categories = UInt32(x) }
        if let v = obj["mask"], let x = ctx.integer(v, 0...Int(UInt32.max)) { b.mask = UInt32(x) }
        if let v = obj["collisionType"], let x = ctx.string(v, nonEmpty: true) { b.collisionType = x }
        guard let resolvedShape = shapeResult else { return nil }
        b.shape = resolvedShape
        return b
    }

    /// The body's shape; sizes default to the layer's bounds.
    private func bodyShape(_ shape: BodyShapeName, _ obj: ObjectReader, _ f: Field, layer: CALayer) -> BodyDescription
        .Shape?
    {
        let bounds = layer.bounds.size
        let radiusRule: NumberRule = shape == .circle ? .positive : .nonNegative
        var radius: Double?
        if let v = obj["radius"] { radius = ctx.number(v, radiusRule) }
        switch shape {
        case .circle:
            if obj["radius"] == nil {
                let r = Double(min(bounds.width, bounds.height)) / 2
                guard r > 0 else {
                    ctx.error(
                        f,
                        "a circle body takes its radius from the layer's bounds, which are empty; set the layer's \"bounds\" or the body's \"radius\""
                    )
                    return nil
                }
                radius = r
            }
            guard let r = radius else { return nil }
            return .circle(radius: r)
        case .box:
            var size = bounds
            if let v = obj["size"] {
                guard let s = ctx.numbers(v, counts: [2], what: "a size [width, height]", rule: .positive) else {
                    return nil
                }
                size = CGSize(width: s[0], height: s[1])
            } else if size.width <= 0 || size.height <= 0 {
                ctx.error(
                    f,
                    "a box body takes its size from the layer's bounds, which are empty; set the layer's \"bounds\" or the body's \"size\""
                )
                return nil
            }
            return .box(size: size, radius: radius ?? 0)
        case .polygon:
            guard let v = obj["vertices"] else {
                ctx.missing("vertices", in: obj, "\"vertices\": [[-10, 10], [10, 10], [0, -10]]")
                return nil
            }
            guard let elements = ctx.array(v, "a list of points [[x, y], …]") else { return nil }
            let points = elements.compactMap { ctx.point($0) }
            guard points.count == elements.count else { return nil }
            guard points.count >= 3 else {
                ctx.error(v, "a polygon needs at least 3 vertices, got \(points.count)")
                return nil
            }
            guard SceneDecoder.isConvex(points) else {
                ctx.error(
                    v,
                    "the vertices do not form a convex polygon with an area; list them around the outline of a convex shape (split concave shapes into several bodies)"
                )
                return nil
            }
            return .polygon(vertices: points, radius: radius ?? 0)
        case .segment:
            guard let af = obj["a"] else {
                ctx.missing("a", in: obj, "\"a\": [-50, 0]")
                return nil
            }
            guard let bf = obj["b"] else {
                ctx.missing("b", in: obj, "\"b\": [50, 0]")
                return nil
            }
            guard let a = ctx.point(af), let bp = ctx.point(bf) else { return nil }
            if a == bp {
                ctx.error(bf, "the segment's ends \"a\" and \"b\" are the same point")
                return nil
            }
            return .segment(a: a, b: bp, radius: radius ?? 0)
        }
    }

    /// Whether the points, in order, turn one way only and enclose an area.
    static func isConvex(_ p: [CGPoint]) -> Bool {
        var sign = 0.0
        var area = 0.0
        for i in 0..<p.count {
            let a = p[i]
            let b = p[(i + 1) % p.count]
            let c = p[(i + 2) % p.count]
            let cross = Double((b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x))
            if cross != 0 {
                if sign == 0 { sign = cross > 0 ? 1 : -1 } else if (cross > 0 ? 1 : -1) != sign { return false }
            }
            area += Double(a.x * b.y - b.x * a.y)
        }
        return abs(area) > 1e-9
    }

    // MARK: - Cell physics

    func decodeCellPhysics(_ f: Field, cell: CAEmitterCell) -> CellPhysicsDescription? {
        guard let obj = ctx.object(f, "cell physics") else { return nil }
        ctx.rejectUnknownKeys(obj, allowed: SceneKeyTables.cellPhysics, in: "cell physics")
        var p = CellPhysicsDescription()
        guard let mf = obj["mode"] else {
            ctx.missing("mode", in: obj, "\"mode\": \"collide\" (or \"body\")")
            return nil
        }
        guard let mode = ctx.enumeration(mf, CellPhysicsDescription.Mode.self) else { return nil }
        p.mode = mode
        let only: [String: CellPhysicsDescription.Mode] = [
            "onContact": .collide, "contactCells": .collide, "contactBurst": .collide,
            "mass": .body, "maxBodies": .body,
        ]
        for (key, owner) in only where owner != mode {
            if let v = obj[key] {
                ctx.error(
                    v, "\(quoted(key)) applies to \"mode\": \(quoted(owner.rawValue)), not \(quoted(mode.rawValue))")
            }
        }
        if let v = obj["elasticity"], let x = ctx.number(v, .nonNegative) { p.elasticity = x }
        if let v = obj["friction"], let x = ctx.number(v, .nonNegative) { p.friction = x }
        if let v = obj["radius"], let x = ctx.number(v, .positive) { p.radius = x }
        if let v = obj["categories"], let x = ctx.integer(v, 0...Int(UInt32.max)) { p.categories = UInt32(x) }
        if let v = obj["mask"], let x = ctx.integer(v, 0...Int(UInt32.max)) { p.mask = UInt32(x) }
        if mode == .collide {
            if let v = obj["onContact"], let x = ctx.enumeration(v, CellPhysicsDescription.ContactResponse.self) {
                p.onContact = x
            }
            if let v = obj["contactCells"], let elements = ctx.array(v, "a list of sub-cell names") {
                let subcells = cell.emitterCells?.compactMap(\.name) ?? []
                for e in elements {
                    guard let name = ctx.string(e, nonEmpty: true) else { continue }
                    if subcells.contains(name) {
                        p.contactCells.append(name)
                    } else {
                        let best =
                            closeMatches(for: name, in: subcells).first.map { " (did you mean \(quoted($0))?)" } ?? ""
                        ctx.error(
                            e,
                            "this cell has no sub-cell named \(quoted(name))\(best); contact cells are names from its own \"emitterCells\""
                        )
                    }
                }
            }
            if let v = obj["contactBurst"] {
                if !obj.has("contactCells") {
                    ctx.error(v, "\"contactBurst\" counts particles of \"contactCells\"; add \"contactCells\"")
                }
                if let x = ctx.integer(v, 1...100_000) { p.contactBurst = x }
            }
        } else {
            if let v = obj["mass"], let x = ctx.number(v, .positive) { p.mass = x }
            if let v = obj["maxBodies"], let x = ctx.integer(v, 1...100_000) { p.maxBodies = x }
        }
        return p
    }

    // MARK: - Fields

    func decodeFields(_ f: Field) -> [FieldDescription] {
        guard let elements = ctx.array(f, "a list of fields") else { return [] }
        return elements.compactMap { decodeField($0) }
    }

    private func decodeField(_ f: Field) -> FieldDescription? {
        guard let obj = ctx.object(f, "a field") else { return nil }
        ctx.rejectUnknownKeys(obj, allowed: SceneKeyTables.field, in: "a field")
        guard let tf = obj["type"] else {
            ctx.missing("type", in: obj, "\"type\": \"radialGravity\"")
            return nil
        }
        guard let type = ctx.enumeration(tf, FieldDescription.FieldType.self) else { return nil }
        var d = FieldDescription()
        d.type = type
        let only: [String: [FieldDescription.FieldType]] = [
            "direction": [.linearGravity], "smoothness": [.noise, .turbulence],
            "animationSpeed": [.noise, .turbulence], "seed": [.noise, .turbulence],
        ]
        for (key, owners) in only where !owners.contains(type) {
            if let v = obj[key] {
                ctx.error(
                    v,
                    "\(quoted(key)) applies to fields of type "
                        + owners.map { quoted($0.rawValue) }.joined(separator: " and ")
                        + ", not \(quoted(type.rawValue))")
            }
        }
        if let v = obj["name"], let x = ctx.string(v, nonEmpty: true) { d.name = x }
        if let v = obj["position"], let x = ctx.point(v) { d.position = x }
        if let v = obj["strength"], let x = ctx.number(v) { d.strength = x }
        if let v = obj["radius"], let x = ctx.number(v, .positive, infinity: true) { d.radius = x }
        if let v = obj["falloff"], let x = ctx.number(v, .nonNegative) { d.falloff = x }
        if let v = obj["minimumRadius"], let x = ctx.number(v, .nonNegative) { d.minimumRadius = x }
        if let v = obj["direction"], let x = ctx.vector(v) {
            if x.dx == 0, x.dy == 0 {
                ctx.error(v, "the direction [0, 0] points nowhere; use for example [0, 1] (down)")
            } else {
                d.direction = x
            }
        }
        if let v = obj["smoothness"], let x = ctx.number(v, .unit) { d.smoothness = x }
        if let v = obj["animationSpeed"], let x = ctx.number(v, .nonNegative) { d.animationSpeed = x }
        if let v = obj["seed"], let x = ctx.integer(v, 0...Int(UInt32.max)) { d.seed = UInt32(x) }
        if let v = obj["isEnabled"], let x = ctx.bool(v) { d.isEnabled = x }
        if let v = obj["affects"], let x = ctx.enumeration(v, FieldDescription.Affects.self) { d.affects = x }
        if let v = obj["categoryMask"], let x = ctx.integer(v, 0...Int(UInt32.max)) { d.categoryMask = UInt32(x) }
        if let v = obj["layer"], let name = ctx.string(v, nonEmpty: true) {
            if ctx.namedLayers[name] == nil {
                let best =
                    closeMatches(for: name, in: ctx.namedLayers.keys.sorted()).first.map {
                        "; did you mean \(quoted($0))?"
                    } ?? ""
                ctx.error(v, "no layer named \(quoted(name))\(best); a field follows a layer of the scene")
            } else {
                if obj.has("position") {
                    ctx.error(v, "give \"position\" or \"layer\", not both: a field on a layer is centred on it")
                }
                d.layerName = name
            }
        }
        return d
    }

    // MARK: - Constraints

    /// The keys each constraint type takes besides the common ones, and which of them are required.
    private static let constraintKeys: [ConstraintDescription.ConstraintType: (keys: [String], required: [String])] = [
        .pin: (["anchorA", "anchorB"], []),
        .slide: (["anchorA", "anchorB", "min", "max"], ["min", "max"]),
        .pivot: (["anchorA", "anchorB", "pivot"], []),
        .groove: (["grooveA", "grooveB", "anchorB"], ["grooveA", "grooveB"]),
        .dampedSpring: (
            ["anchorA", "anchorB", "restLength", "stiffness", "damping"], ["restLength", "stiffness", "damping"]
        ),
        .dampedRotarySpring: (["restAngle", "stiffness", "damping"], ["stiffness", "damping"]),
        .rotaryLimit: (["min", "max"], ["min", "max"]),
        .ratchet: (["phase", "ratchet"], ["ratchet"]),
        .gear: (["phase", "ratio"], ["ratio"]),
        .simpleMotor: (["rate"], ["rate"]),
    ]
    private static let constraintCommon = [
        "type", "name", "bodyA", "bodyB", "maxForce", "maxBias", "errorBias", "collideBodies",
    ]

    func decodeConstraints(_ f: Field) -> [ConstraintDescription] {
        guard let elements = ctx.array(f, "a list of constraints") else { return [] }
        return elements.compactMap { decodeConstraint($0) }
    }

    private func decodeConstraint(_ f: Field) -> ConstraintDescription? {
        guard let obj = ctx.object(f, "a constraint") else { return nil }
        ctx.rejectUnknownKeys(obj, allowed: SceneKeyTables.constraint, in: "a constraint")
        guard let tf = obj["type"] else {
            ctx.missing("type", in: obj, "\"type\": \"pivot\"")
            return nil
        }
        guard let type = ctx.enumeration(tf, ConstraintDescription.ConstraintType.self) else { return nil }
        let spec = SceneDecoder.constraintKeys[type] ?? ([], [])
        for (key, v) in obj.fields
        where SceneKeyTables.constraint.contains(key) && !SceneDecoder.constraintCommon.contains(key)
            && !spec.keys.contains(key)
        {
            let owners = ConstraintDescription.ConstraintType.allCases.filter {
                SceneDecoder.constraintKeys[$0]?.keys.contains(key) == true
            }
            ctx.error(
                v,
                "\(quoted(key)) does not apply to a \(type.rawValue) constraint; it belongs to "
                    + owners.map { quoted($0.rawValue) }.joined(separator: ", "))
        }
        for key in spec.required where !obj.has(key) {
            ctx.missing(key, in: obj, "\(quoted(key)): \(type == .slide || type == .dampedSpring ? "50" : "1")")
        }
        var c = ConstraintDescription()
        c.type = type
        if let v = obj["name"], let x = ctx.string(v, nonEmpty: true) { c.name = x }
        if let v = obj["bodyA"] {
            if let name = bodyName(v) { c.bodyA = name }
        } else {
            ctx.missing("bodyA", in: obj, "\"bodyA\": \"crate1\" (the name of a layer with a body)")
        }
        if let v = obj["bodyB"], let name = bodyName(v) {
            if name == c.bodyA {
                ctx.error(
                    v,
                    "a constraint joins two different bodies; leave \"bodyB\" out to join \(quoted(name)) to the world")
            }
            c.bodyB = name
        }
        if type == .pivot, let pv = obj["pivot"], obj.has("anchorA") || obj.has("anchorB") {
            ctx.error(pv, "give either \"pivot\" or \"anchorA\"/\"anchorB\" for a pivot, not both")
        }
        let angular = type == .rotaryLimit
        if let v = obj["anchorA"], let x = ctx.point(v) { c.anchorA = x }
        if let v = obj["anchorB"], let x = ctx.point(v) { c.anchorB = x }
        if let v = obj["pivot"], let x = ctx.point(v) { c.pivot = x }
        if let v = obj["grooveA"], let x = ctx.point(v) { c.grooveA = x }
        if let v = obj["grooveB"], let x = ctx.point(v) { c.grooveB = x }
        if let v = obj["min"], let x = ctx.number(v, angular ? .any : .nonNegative, angle: angular) { c.min = x }
        if let v = obj["max"], let x = ctx.number(v, angular ? .any : .nonNegative, angle: angular) { c.max = x }
        if obj.has("min"), obj.has("max"), c.min > c.max, let v = obj["max"] {
            ctx.error(v, "\"max\" (\(formatNumber(c.max))) is less than \"min\" (\(formatNumber(c.min)))")
        }
        if let v = obj["restLength"], let x = ctx.number(v, .nonNegative) { c.restLength = x }
        if let v = obj["stiffness"], let x = ctx.number(v, .nonNegative) { c.stiffness = x }
        if let v = obj["damping"], let x = ctx.number(v, .nonNegative) { c.damping = x }
        if let v = obj["restAngle"], let x = ctx.number(v, angle: true) { c.restAngle = x }
        if let v = obj["phase"], let x = ctx.number(v, angle: true) { c.phase = x }
        if let v = obj["ratchet"], let x = ctx.number(v, .positive, angle: true) { c.ratchet = x }
        if let v = obj["ratio"], let x = ctx.number(v) {
            if x == 0 { ctx.error(v, "a gear ratio of 0 locks nothing; use a non-zero ratio") } else { c.ratio = x }
        }
        if let v = obj["rate"], let x = ctx.number(v, angle: true) { c.rate = x }
        if let v = obj["maxForce"], let x = ctx.number(v, .nonNegative, infinity: true) { c.maxForce = x }
        if let v = obj["maxBias"], let x = ctx.number(v, .nonNegative, infinity: true) { c.maxBias = x }
        if let v = obj["errorBias"], let x = ctx.number(v, .unit) { c.errorBias = x }
        if let v = obj["collideBodies"], let x = ctx.bool(v) { c.collideBodies = x }
        return c
    }

    /// A layer name that has a body, or nil after reporting.
    private func bodyName(_ f: Field) -> String? {
        guard let name = ctx.string(f, nonEmpty: true) else { return nil }
        guard let named = ctx.namedLayers[name] else {
            let best =
                closeMatches(for: name, in: ctx.namedLayers.keys.sorted()).first.map { "; did you mean \(quoted($0))?" }
                ?? ""
            ctx.error(f, "no layer named \(quoted(name))\(best)")
            return nil
        }
        guard named.hasBody else {
            ctx.error(f, "the layer \(quoted(name)) has no \"body\"; constraints join bodies")
            return nil
        }
        return name
    }
}
