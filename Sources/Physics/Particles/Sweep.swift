import Foundation

/// One `collide` call's state and the per-particle sweep (the hot loop of `collide` mode). Works on
/// raw pointers into the collider's buffers; nothing here allocates except appending contacts.
struct Sweep {
    let elasticity: Float
    let friction: Float
    let filter: CollisionFilter
    let dt: Float
    let maximumBounces: Int
    let statics: UnsafeMutablePointer<Capsule>
    let staticGrid: HashView
    let bodies: UnsafeMutablePointer<BodyFrame>
    let boxes: UnsafeMutablePointer<GridBox>
    let bodyCapsules: UnsafeMutablePointer<Capsule>
    let bodyGrid: HashView
    /// The union of the moving bodies' swept boxes.
    let bodyBounds: GridBox
    let stamps: UnsafeMutablePointer<Int32>
    let stampCount: Int
    let hasStatics: Bool
    let hasBodies: Bool
    /// Changes for every body lookup, so each body is tested once per sweep (kept across calls by the
    /// collider, since `stamps` are).
    var stamp: Int32

    init(
        options: ParticleCollisionOptions, statics: UnsafeMutablePointer<Capsule>, staticGrid: HashView,
        bodies: UnsafeMutablePointer<BodyFrame>, boxes: UnsafeMutablePointer<GridBox>,
        bodyCapsules: UnsafeMutablePointer<Capsule>,
        bodyGrid: HashView, bodyBounds: GridBox,
        stamps: UnsafeMutablePointer<Int32>, stampCount: Int, stamp: Int32, hasStatics: Bool, hasBodies: Bool
    ) {
        self.stamp = stamp
        self.stampCount = stampCount
        elasticity = options.elasticity
        friction = options.friction
        filter = options.filter
        dt = Float(options.dt)
        maximumBounces = options.maximumBounces
        (self.statics, self.staticGrid, self.bodies, self.boxes, self.bodyCapsules, self.bodyGrid, self.stamps) =
            (statics, staticGrid, bodies, boxes, bodyCapsules, bodyGrid, stamps)
        (self.hasStatics, self.hasBodies) = (hasStatics, hasBodies)
        self.bodyBounds = bodyBounds
    }

    // MARK: - One particle

    @inline(__always)
    mutating func particle(
        _ index: Int32, _ x0: Float, _ y0: Float, _ x: inout Float, _ y: inout Float,
        _ vx: inout Float, _ vy: inout Float, radius r: Float, contacts: inout [ParticleContact]
    ) {
        var sx = x0
        var sy = y0
        var ex = x
        var ey = y
        var velX = vx
        var velY = vy
        var reported = false
        var firstLeg = true
        var bounces = 0
        var remaining: Float = 1
        while true {
            var hit = SweepHit()
            if hasStatics { findStatic(sx, sy, ex - sx, ey - sy, r, &hit) }
            if hasBodies && min(sx, ex) - r <= bodyBounds.maxX && max(sx, ex) + r >= bodyBounds.minX
                && min(sy, ey) - r <= bodyBounds.maxY && max(sy, ey) + r >= bodyBounds.minY
            {
                findBodies(sx, sy, ex, ey, r, firstLeg, &hit)
            }
            guard hit.t <= 1 else { break }
            // Velocity of the surface at the contact (zero for static geometry).
            var svx: Float = 0
            var svy: Float = 0
            if hit.body >= 0 {
                let f = bodies[Int(hit.body)]
                svx = f.vx - f.w * (hit.y - f.gy)
                svy = f.vy + f.w * (hit.x - f.gx)
            }
            let rvx = velX - svx
            let rvy = velY - svy
            let vn = rvx * hit.nx + rvy * hit.ny
            if vn < 0 {
                let tx = rvx - vn * hit.nx
                let ty = rvy - vn * hit.ny
                let tangential = (tx * tx + ty * ty).squareRoot()
                let normalChange = -(1 + elasticity) * vn
                let keep: Float = tangential > 0 ? max(0, 1 - friction * normalChange / tangential) : 0
                velX = svx + tx * keep - elasticity * vn * hit.nx
                velY = svy + ty * keep - elasticity * vn * hit.ny
            }
            if !reported {
                contacts.append(
                    ParticleContact(
                        index: index, x: hit.x - hit.nx * r, y: hit.y - hit.ny * r,
                        normalX: hit.nx, normalY: hit.ny, normalSpeed: max(0, -vn), shapeIndex: hit.shape))
                reported = true
            }
            remaining *= 1 - hit.t
            sx = hit.x + hit.nx * ParticleCollider.skin
            sy = hit.y + hit.ny * ParticleCollider.skin
            if bounces >= maximumBounces {
                (ex, ey) = (sx, sy)
                break
            }
            bounces += 1
            ex = sx + velX * remaining * dt
            ey = sy + velY * remaining * dt
            firstLeg = false
        }
        (x, y, vx, vy) = (ex, ey, velX, velY)
    }

    // MARK: - Broad phase

    @inline(__always)
    private func findStatic(_ sx: Float, _ sy: Float, _ dx: Float, _ dy: Float, _ r: Float, _ hit: inout SweepHit) {
        let statics = self.statics
        let filter = self.filter
        var best = hit
        staticGrid.forEachCandidate(
            min(sx, sx + dx) - r, min(sy, sy + dy) - r, max(sx, sx + dx) + r, max(sy, sy + dy) + r
        ) { k in
            let c = statics + k
            guard c.pointee.allows(filter) else { return }
            if Self.test(c, sx, sy, dx, dy, r, &best) { best.body = -1 }
        }
        hit = best
    }

    @inline(__always)
    private mutating func findBodies(
        _ sx: Float, _ sy: Float, _ ex: Float, _ ey: Float, _ r: Float, _ firstLeg: Bool,
        _ hit: inout SweepHit
    ) {
        if stamp == Int32.max {
            stamps.update(repeating: -1, count: stampCount)
            stamp = 0
        }
        stamp += 1
        let stamps = self.stamps
        let current = stamp
        var best = hit
        bodyGrid.forEachCandidate(min(sx, ex) - r, min(sy, ey) - r, max(sx, ex) + r, max(sy, ey) + r) { j in
            guard stamps[j] != current else { return }
            stamps[j] = current
            sweepBody(j, sx, sy, ex, ey, r, firstLeg, &best)
        }
        hit = best
    }

    /// Sweeps against one body in its own coordinates: the start seen from the body's previous
    /// transform (first leg only), the end from its current one.
    @inline(__always)
    private func sweepBody(
        _ j: Int, _ sx: Float, _ sy: Float, _ ex: Float, _ ey: Float, _ r: Float, _ firstLeg: Bool,
        _ hit: inout SweepHit
    ) {
        let box = boxes[j]
        guard min(sx, ex) - r <= box.maxX, max(sx, ex) + r >= box.minX, min(sy, ey) - r <= box.maxY,
            max(sy, ey) + r >= box.minY
        else { return }
        let f = bodies[j]
        let (ox, oy, oc, os) = firstLeg ? (f.px, f.py, f.pc, f.ps) : (f.cx, f.cy, f.cc, f.cs)
        let lsx = oc * (sx - ox) + os * (sy - oy)
        let lsy = -os * (sx - ox) + oc * (sy - oy)
        let lex = f.cc * (ex - f.cx) + f.cs * (ey - f.cy)
        let ley = -f.cs * (ex - f.cx) + f.cc * (ey - f.cy)
        var local = SweepHit()
        local.t = hit.t
        var found = false
        for k in Int(f.first)..<Int(f.first + f.count) {
            let c = bodyCapsules + k
            guard c.pointee.allows(filter) else { continue }
            if Self.test(c, lsx, lsy, lex - lsx, ley - lsy, r, &local) { found = true }
        }
        guard found else { return }
        hit.t = local.t
        hit.x = f.cx + f.cc * local.x - f.cs * local.y
        hit.y = f.cy + f.cs * local.x + f.cc * local.y
        hit.nx = f.cc * local.nx - f.cs * local.ny
        hit.ny = f.cs * local.nx + f.cc * local.ny
        hit.shape = local.shape
        hit.body = Int32(j)
    }

    // MARK: - Narrow phase

    /// The first contact of a circle of radius `pr` moving from s by d with capsule `c`, if earlier
    /// than `hit.t` and within the sweep. Returns whether `hit` changed.
    @inline(__always)
    static func test(
        _ cp: UnsafePointer<Capsule>, _ sx: Float, _ sy: Float, _ dx: Float, _ dy: Float, _ pr: Float,
        _ hit: inout SweepHit
    ) -> Bool {
        let c = cp.pointee
        let R = c.radius + pr
        guard c.length > 0 else { return circle(c.ax, c.ay, R, 0, 0, 0, c.shape, sx, sy, dx, dy, &hit) }
        let mx = -c.uy
        let my = c.ux
        let rx = sx - c.ax
        let ry = sy - c.ay
        let h0 = rx * mx + ry * my
        let hd = dx * mx + dy * my
        let s: Float = c.side != 0 ? c.side : (h0 >= 0 ? 1 : -1)
        let hs = h0 * s
        let hds = hd * s
        let u0 = rx * c.ux + ry * c.uy
        if hs >= R {
            if hds < 0 {
                let t = (R - hs) / hds
                if t < hit.t && t <= 1 {
                    let u = u0 + t * (dx * c.ux + dy * c.uy)
                    if u >= 0 && u <= c.length {
                        hit.t = max(t, 0)
                        hit.x = sx + t * dx
                        hit.y = sy + t * dy
                        (hit.nx, hit.ny, hit.shape) = (s * mx, s * my, c.shape)
                        return true
                    }
                }
            }
        } else if hs >= 0 && u0 >= 0 && u0 <= c.length {
            // Starting inside the flat part's skin: push out if moving in, else ignore the capsule.
            guard hds < 0, 0 < hit.t else { return false }
            hit.t = 0
            hit.x = sx + (R - hs) * s * mx
            hit.y = sy + (R - hs) * s * my
            (hit.nx, hit.ny, hit.shape) = (s * mx, s * my, c.shape)
            return true
        }
        // One-sided edges accept end-cap contacts only on their outer side.
        let (ox, oy) = c.side != 0 ? (c.side * mx, c.side * my) : (0, 0)
        let a = circle(c.ax, c.ay, R, ox, oy, c.side, c.shape, sx, sy, dx, dy, &hit)
        let b = circle(c.bx, c.by, R, ox, oy, c.side, c.shape, sx, sy, dx, dy, &hit)
        return a || b
    }

    /// Circle of radius R at (cx, cy). When `side` ≠ 0 the contact normal must not point against (ox, oy).
    @inline(__always)
    static func circle(
        _ cx: Float, _ cy: Float, _ R: Float, _ ox: Float, _ oy: Float, _ side: Float, _ shape: Int32,
        _ sx: Float, _ sy: Float, _ dx: Float, _ dy: Float, _ hit: inout SweepHit
    ) -> Bool {
        guard R > 0 else { return false }
        let fx = sx - cx
        let fy = sy - cy
        let c2 = fx * fx + fy * fy - R * R
        let b = fx * dx + fy * dy
        if c2 < 0 {
            guard b < 0, 0 < hit.t else { return false }
            let d = (fx * fx + fy * fy).squareRoot()
            guard d > 0 else { return false }
            let nx = fx / d
            let ny = fy / d
            if side != 0 && nx * ox + ny * oy < 0 { return false }
            hit.t = 0
            (hit.x, hit.y, hit.nx, hit.ny, hit.shape) = (cx + nx * R, cy + ny * R, nx, ny, shape)
            return true
        }
        guard b < 0 else { return false }
        let a = dx * dx + dy * dy
        let disc = b * b - a * c2
        guard disc >= 0, a > 0 else { return false }
        let t = max((-b - disc.squareRoot()) / a, 0)
        guard t < hit.t, t <= 1 else { return false }
        let px = sx + t * dx
        let py = sy + t * dy
        let inv = 1 / R
        let nx = (px - cx) * inv
        let ny = (py - cy) * inv
        if side != 0 && nx * ox + ny * oy < 0 { return false }
        (hit.t, hit.x, hit.y, hit.nx, hit.ny, hit.shape) = (t, px, py, nx, ny, shape)
        return true
    }
}
