import Foundation

/// An emitter that follows a body: a ship's exhaust, a rocket's trail (`GameSession.mount`).
final class EmitterMount {
    let emitter: CAEmitterLayer
    let body: PhysicsBody
    /// Where the emitter sits on the body, in the body's coordinates (points, y down).
    let offset: CGPoint
    /// The top-level cells' emission longitudes when mounted (the body's angle is added to them), or nil
    /// when the emission does not turn with the body.
    let baseLongitudes: [(CAEmitterCell, CGFloat)]?

    init(emitter: CAEmitterLayer, body: PhysicsBody, offset: CGPoint, turnsEmission: Bool) {
        self.emitter = emitter
        self.body = body
        self.offset = offset
        baseLongitudes = turnsEmission ? (emitter.emitterCells ?? []).map { ($0, $0.emissionLongitude) } : nil
    }

    /// Puts the emitter's `emitterPosition` at the body's offset point (converted from world coordinates
    /// into the emitter layer's) and turns its cells' emission by the body's angle.
    func move(root: CALayer) {
        let world = body.convertToWorld(offset)
        guard let map = PlaneMap.from(emitter, to: root) else { return }
        let local =
            map.isIdentity ? (Double(world.x), Double(world.y)) : map.inverted.point(Double(world.x), Double(world.y))
        guard local.0.isFinite, local.1.isFinite else { return }
        emitter.emitterPosition = CGPoint(x: local.0, y: local.1)
        guard let baseLongitudes else { return }
        let angle = map.isIdentity ? body.angle : map.angle(to: body.angle)
        guard angle.isFinite else { return }
        for (cell, base) in baseLongitudes { cell.emissionLongitude = base + CGFloat(angle) }
    }
}
