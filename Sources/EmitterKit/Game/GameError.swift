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
        case .invalidSetting(let m): return m
        case .setUpFailed(let m): return "Game.setUp failed: \(m)"
        case .notFound(let m): return m
        }
    }
}
