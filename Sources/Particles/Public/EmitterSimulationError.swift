// MARK: - Errors

/// A bad request to an `EmitterSimulation` (a wrong cell name or count); never thrown by stepping.
public enum EmitterSimulationError: Error, Equatable, CustomStringConvertible {
    /// No cell of the emitter has this name path (`"rocket.burst"`).
    case unknownCell(name: String, available: [String])
    /// The cell is not part of this emitter layer.
    case foreignCell(name: String?)
    /// A particle count below zero.
    case negativeCount(Int)
    /// A slot index outside the cell's storage.
    case slotOutOfRange(slot: Int, count: Int)

    /// A message naming the problem and the fix.
    public var description: String {
        switch self {
        case .unknownCell(let name, let available):
            let list =
                available.isEmpty
                ? "the emitter has no named cells" : "named cells: " + available.joined(separator: ", ")
            return "no emitter cell named '\(name)' (\(list)); use a dotted name path such as 'rocket.burst'"
        case .foreignCell(let name):
            return
                "cell \(name.map { "'\($0)'" } ?? "(unnamed)") is not one of this emitter layer's cells; pass a cell of the layer the simulation was made for"
        case .negativeCount(let n):
            return "particle count \(n) is negative; pass a count ≥ 0"
        case .slotOutOfRange(let slot, let count):
            return
                "particle slot \(slot) is outside 0..<\(count); use a slot index of the cell's step view (withStepView), valid until the next step"
        }
    }
}
