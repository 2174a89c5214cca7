import CSDL2
import EmitterKit

/// SDL key codes for the named `Key`s, both ways. Codes without a name travel as `Key.other(code)`.
enum SDLKeyMap {
    private static let table: [(Key, SDL_KeyCode)] = [
        (.a, SDLK_a),
        (.b, SDLK_b),
        (.c, SDLK_c),
        (.d, SDLK_d),
        (.e, SDLK_e),
        (.f, SDLK_f),
        (.g, SDLK_g),
        (.h, SDLK_h),
        (.i, SDLK_i),
        (.j, SDLK_j),
        (.k, SDLK_k),
        (.l, SDLK_l),
        (.m, SDLK_m),
        (.n, SDLK_n),
        (.o, SDLK_o),
        (.p, SDLK_p),
        (.q, SDLK_q),
        (.r, SDLK_r),
        (.s, SDLK_s),
        (.t, SDLK_t),
        (.u, SDLK_u),
        (.v, SDLK_v),
        (.w, SDLK_w),
        (.x, SDLK_x),
        (.y, SDLK_y),
        (.z, SDLK_z),
        (.digit0, SDLK_0),
        (.digit1, SDLK_1),
        (.digit2, SDLK_2),
        (.digit3, SDLK_3),
        (.digit4, SDLK_4),
        (.digit5, SDLK_5),
        (.digit6, SDLK_6),
        (.digit7, SDLK_7),
        (.digit8, SDLK_8),
        (.digit9, SDLK_9),
        (.space, SDLK_SPACE),
        (.enter, SDLK_RETURN),
        (.escape, SDLK_ESCAPE),
        (.tab, SDLK_TAB),
        (.backspace, SDLK_BACKSPACE),
        (.delete, SDLK_DELETE),
        (.insert, SDLK_INSERT),
        (.home, SDLK_HOME),
        (.end, SDLK_END),
        (.pageUp, SDLK_PAGEUP),
        (.pageDown, SDLK_PAGEDOWN),
        (.up, SDLK_UP),
        (.down, SDLK_DOWN),
        (.left, SDLK_LEFT),
        (.right, SDLK_RIGHT),
        (.minus, SDLK_MINUS),
        (.equals, SDLK_EQUALS),
        (.plus, SDLK_PLUS),
        (.period, SDLK_PERIOD),
        (.comma, SDLK_COMMA),
        (.slash, SDLK_SLASH),
        (.backslash, SDLK_BACKSLASH),
        (.semicolon, SDLK_SEMICOLON),
        (.apostrophe, SDLK_QUOTE),
        (.leftBracket, SDLK_LEFTBRACKET),
        (.rightBracket, SDLK_RIGHTBRACKET),
        (.grave, SDLK_BACKQUOTE),
        (.leftShift, SDLK_LSHIFT),
        (.rightShift, SDLK_RSHIFT),
        (.leftControl, SDLK_LCTRL),
        (.rightControl, SDLK_RCTRL),
        (.leftAlt, SDLK_LALT),
        (.rightAlt, SDLK_RALT),
        (.leftMeta, SDLK_LGUI),
        (.rightMeta, SDLK_RGUI),
        (.f1, SDLK_F1),
        (.f2, SDLK_F2),
        (.f3, SDLK_F3),
        (.f4, SDLK_F4),
        (.f5, SDLK_F5),
        (.f6, SDLK_F6),
        (.f7, SDLK_F7),
        (.f8, SDLK_F8),
        (.f9, SDLK_F9),
        (.f10, SDLK_F10),
        (.f11, SDLK_F11),
        (.f12, SDLK_F12),
        (.keypad0, SDLK_KP_0),
        (.keypad1, SDLK_KP_1),
        (.keypad2, SDLK_KP_2),
        (.keypad3, SDLK_KP_3),
        (.keypad4, SDLK_KP_4),
        (.keypad5, SDLK_KP_5),
        (.keypad6, SDLK_KP_6),
        (.keypad7, SDLK_KP_7),
        (.keypad8, SDLK_KP_8),
        (.keypad9, SDLK_KP_9),
        (.keypadPlus, SDLK_KP_PLUS),
        (.keypadMinus, SDLK_KP_MINUS),
        (.keypadMultiply, SDLK_KP_MULTIPLY),
        (.keypadDivide, SDLK_KP_DIVIDE),
        (.keypadEnter, SDLK_KP_ENTER),
        (.keypadPeriod, SDLK_KP_PERIOD),
    ]

    private static let keysByCode: [Int32: Key] = {
        var map: [Int32: Key] = [:]
        for (key, code) in table { map[Int32(bitPattern: code.rawValue)] = key }
        return map
    }()

    private static let codesByKey: [Key: Int32] = {
        var map: [Key: Int32] = [:]
        for (key, code) in table { map[key] = Int32(bitPattern: code.rawValue) }
        return map
    }()

    /// The key for an SDL key code.
    static func key(for code: SDL_Keycode) -> Key {
        keysByCode[code] ?? .other(code)
    }

    /// The SDL key code for a key.
    static func code(for key: Key) -> SDL_Keycode {
        if case .other(let code) = key { return code }
        return codesByKey[key] ?? 0
    }

    /// Number of named keys in the table (every `Key.named` key should be here).
    static var count: Int { table.count }
}
