import Foundation

/// Why a game session refused a request. Each message names the place, the value and the fix.
public enum GameError: Error, Equatable, CustomStringConvertible {
    /// A configuration or setting out of range.
    case invalidSetting(String)
    /// The game's `setUp` threw; the message is its error's.
    case setUpFailed(String)
    /// A named layer, emitter or cell that is not there.
    case notFound(String)

    /// The message.
    public var description: String {
        switch self {
        case let .invalidSetting(m): return m
        case let .setUpFailed(m): return "Game.setUp failed: \(m)"
        case let .notFound(m): return m
        }
    }
}
