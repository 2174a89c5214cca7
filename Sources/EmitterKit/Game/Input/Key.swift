import Foundation

/// A key on the keyboard, named by the symbol it types in the user's layout (SDL's key codes, not
/// scan codes): on a French keyboard `.a` is the key labelled A, wherever it sits.
///
/// Scene files and scripted input name keys with `name` (`"space"`, `"a"`, `"left"`), which
/// `Key(name:)` parses back.
public enum Key: Hashable, Sendable {
    // MARK: - Letters and digits
    /// Letter keys.
    case a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z
    /// The digit keys of the main block.
    case digit0, digit1, digit2, digit3, digit4, digit5, digit6, digit7, digit8, digit9

    // MARK: - Whitespace, editing and navigation
    /// Whitespace, editing and navigation keys.
    case space, enter, escape, tab, backspace, delete, insert, home, end, pageUp, pageDown
    /// Arrow keys.
    case up, down, left, right

    // MARK: - Punctuation
    /// Punctuation keys (`plus` where the layout has its own + key; on US keyboards + is Shift-`equals`).
    case minus, plus, equals, period, comma, slash, backslash, semicolon, apostrophe
    /// Brackets and the grave accent (backquote) key.
    case leftBracket, rightBracket, grave

    // MARK: - Modifiers
    /// Modifier keys (meta is the Windows / Command / Super key).
    case leftShift, rightShift, leftControl, rightControl, leftAlt, rightAlt, leftMeta, rightMeta

    // MARK: - Function keys
    /// Function keys.
    case f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12

    // MARK: - Keypad
    /// Keypad digits.
    case keypad0, keypad1, keypad2, keypad3, keypad4, keypad5, keypad6, keypad7, keypad8, keypad9
    /// Keypad operators, Enter and decimal point.
    case keypadPlus, keypadMinus, keypadMultiply, keypadDivide, keypadEnter, keypadPeriod

    /// A key this enumeration does not name; the value is the platform's key code.
    case other(Int32)

    // MARK: - Names

    /// Every named key (all cases except `other`), in declaration order.
    public static let named: [Key] = [
        .a, .b, .c, .d, .e, .f, .g, .h, .i, .j, .k, .l, .m, .n, .o, .p, .q, .r, .s, .t, .u, .v, .w, .x, .y, .z,
        .digit0, .digit1, .digit2, .digit3, .digit4, .digit5, .digit6, .digit7, .digit8, .digit9,
        .space, .enter, .escape, .tab, .backspace, .delete, .insert, .home, .end, .pageUp, .pageDown,
        .up, .down, .left, .right,
        .minus, .plus, .equals, .period, .comma, .slash, .backslash, .semicolon, .apostrophe,
        .leftBracket, .rightBracket, .grave,
        .leftShift, .rightShift, .leftControl, .rightControl, .leftAlt, .rightAlt, .leftMeta, .rightMeta,
        .f1, .f2, .f3, .f4, .f5, .f6, .f7, .f8, .f9, .f10, .f11, .f12,
        .keypad0, .keypad1, .keypad2, .keypad3, .keypad4, .keypad5, .keypad6, .keypad7, .keypad8, .keypad9,
        .keypadPlus, .keypadMinus, .keypadMultiply, .keypadDivide, .keypadEnter, .keypadPeriod,
    ]

    private static let byName: [String: Key] = {
        var table: [String: Key] = [:]
        for key in named { table[key.name] = key }
        return table
    }()

    /// The key's name for scene files and scripts: the case name (`"a"`, `"digit1"`, `"space"`,
    /// `"keypadPlus"`), or `"key<code>"` for `other`.
    public var name: String {
        if case .other(let code) = self { return "key\(code)" }
        // Without a CustomStringConvertible conformance Swift describes a payload-free case by its name.
        return String(describing: self)
    }

    /// Parses a name made by `name`. Nil for an unknown name.
    public init?(name: String) {
        if let key = Key.byName[name] {
            self = key
        } else if name.hasPrefix("key"), let code = Int32(name.dropFirst(3)) {
            self = .other(code)
        } else {
            return nil
        }
    }

    /// The label shown in the help overlay (`"Space"`, `"R"`, `"+"`).
    public var label: String {
        switch self {
        case .space: return "Space"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backspace: return "Backspace"
        case .minus, .keypadMinus: return "-"
        case .equals: return "="
        case .plus, .keypadPlus: return "+"
        case .period, .keypadPeriod: return "."
        case .comma: return ","
        case .slash, .keypadDivide: return "/"
        case .keypadMultiply: return "*"
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        default:
            let n = name
            if n.count == 1 { return n.uppercased() }
            if n.hasPrefix("digit") { return String(n.dropFirst(5)) }
            if n.hasPrefix("keypad"), n.count == 7 { return String(n.dropFirst(6)) }
            if n.hasPrefix("f"), Int(n.dropFirst()) != nil { return n.uppercased() }
            return n
        }
    }
}
