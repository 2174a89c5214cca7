import EmitterKit

/// The kind of device UIKit code asks about (`UIDevice.current.userInterfaceIdiom == .pad`).
public enum UIUserInterfaceIdiom: Int, Sendable {
    /// Not known.
    case unspecified = -1
    /// A phone.
    case phone
    /// A tablet.
    case pad
    /// A television.
    case tv
    /// A car's screen.
    case carPlay
    /// A Mac running iPad code.
    case mac
    /// A headset.
    case vision
}

/// The device ported code asks about. There is none here, so it is what you say it is: a phone by default,
/// matching `UIScreen.main`'s default size.
public final class UIDevice: @unchecked Sendable {
    private let lock = NSLock()
    private var idiom: UIUserInterfaceIdiom = .phone

    /// The device.
    public static let current = UIDevice()

    /// A device of the default kind (a phone); ported code reads `UIDevice.current`.
    public init() {}

    /// The kind of device. Settable here (read-only on iOS). Default `.phone`.
    public var userInterfaceIdiom: UIUserInterfaceIdiom {
        get {
            lock.lock()
            defer { lock.unlock() }
            return idiom
        }
        set {
            lock.lock()
            idiom = newValue
            lock.unlock()
        }
    }

    /// The operating system's name: "Linux".
    public var systemName: String { "Linux" }
}
