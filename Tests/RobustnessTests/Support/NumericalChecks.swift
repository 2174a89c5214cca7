import EmitterKit

/// Finds NaN and infinities in what reaches the compositor.
enum NumericalChecks {
    /// A description of the first sprite of `list` with a non-finite value, or nil.
    static func firstNonFinite(in list: ParticleDrawList) -> String? {
        for (i, s) in list.sprites.enumerated()
        where !(s.x.isFinite && s.y.isFinite && s.z.isFinite && s.scale.isFinite && s.rotation.isFinite) {
            return "sprite \(i): x \(s.x), y \(s.y), z \(s.z), scale \(s.scale), rotation \(s.rotation)"
        }
        return nil
    }
}
