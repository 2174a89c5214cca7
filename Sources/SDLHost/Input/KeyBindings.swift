import EmitterKit

/// Which keys trigger the host's prototyping actions.
///
/// A game prototype that wants Space or R for itself passes `.quitOnly` or its own table; the keys
/// still reach the delegate as `InputEvent`s and in `InputState` either way.
public struct KeyBindings: Equatable, Sendable {
    /// Action per key.
    public var actions: [Key: KeyAction]

    /// A table of bindings.
    public init(_ actions: [Key: KeyAction]) { self.actions = actions }

    /// Esc quits, Space pauses, `.` steps, R restarts, + and − change the speed (`=` is + without
    /// Shift on US keyboards; the keypad works too), 0 resets it, F toggles the overlay, H the help.
    public static let standard = KeyBindings([
        .escape: .quit,
        .space: .togglePause,
        .period: .step, .keypadPeriod: .step,
        .r: .restart,
        .plus: .speedUp, .equals: .speedUp, .keypadPlus: .speedUp,
        .minus: .speedDown, .keypadMinus: .speedDown,
        .digit0: .resetSpeed, .keypad0: .resetSpeed,
        .f: .toggleOverlay,
        .h: .toggleHelp,
        .d: .cycleDiagnostics,
    ])

    /// Only Esc (quit): every other key is left to the game.
    public static let quitOnly = KeyBindings([.escape: .quit])

    /// The action bound to a key, if any.
    public func action(for key: Key) -> KeyAction? { actions[key] }

    /// Help lines, one per action in `KeyAction` order: the keys' labels joined by " / ", then the summary.
    public var helpEntries: [(keys: String, summary: String)] {
        KeyAction.allCases.compactMap { action in
            let keys = actions.filter { $0.value == action }.map(\.key)
            guard !keys.isEmpty else { return nil }
            var labels: [String] = []
            for key in keys.sorted(by: { Key.sortIndex($0) < Key.sortIndex($1) }) where !labels.contains(key.label) {
                labels.append(key.label)
            }
            return (labels.joined(separator: " / "), action.summary)
        }
    }
}

extension Key {
    /// Position in `Key.named` (declaration order), `other` keys last: a stable order for help text.
    static func sortIndex(_ key: Key) -> Int {
        named.firstIndex(of: key) ?? named.count
    }
}
