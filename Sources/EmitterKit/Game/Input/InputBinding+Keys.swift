import Foundation

/// A shorthand for every named key, so bindings read `[.up, .w, .space]` (`InputBinding.key(_:)`).
extension InputBinding {
    /// The `a` key.
    public static let a = InputBinding.key(.a)
    /// The `b` key.
    public static let b = InputBinding.key(.b)
    /// The `c` key.
    public static let c = InputBinding.key(.c)
    /// The `d` key.
    public static let d = InputBinding.key(.d)
    /// The `e` key.
    public static let e = InputBinding.key(.e)
    /// The `f` key.
    public static let f = InputBinding.key(.f)
    /// The `g` key.
    public static let g = InputBinding.key(.g)
    /// The `h` key.
    public static let h = InputBinding.key(.h)
    /// The `i` key.
    public static let i = InputBinding.key(.i)
    /// The `j` key.
    public static let j = InputBinding.key(.j)
    /// The `k` key.
    public static let k = InputBinding.key(.k)
    /// The `l` key.
    public static let l = InputBinding.key(.l)
    /// The `m` key.
    public static let m = InputBinding.key(.m)
    /// The `n` key.
    public static let n = InputBinding.key(.n)
    /// The `o` key.
    public static let o = InputBinding.key(.o)
    /// The `p` key.
    public static let p = InputBinding.key(.p)
    /// The `q` key.
    public static let q = InputBinding.key(.q)
    /// The `r` key.
    public static let r = InputBinding.key(.r)
    /// The `s` key.
    public static let s = InputBinding.key(.s)
    /// The `t` key.
    public static let t = InputBinding.key(.t)
    /// The `u` key.
    public static let u = InputBinding.key(.u)
    /// The `v` key.
    public static let v = InputBinding.key(.v)
    /// The `w` key.
    public static let w = InputBinding.key(.w)
    /// The `x` key.
    public static let x = InputBinding.key(.x)
    /// The `y` key.
    public static let y = InputBinding.key(.y)
    /// The `z` key.
    public static let z = InputBinding.key(.z)
    /// The `digit0` key.
    public static let digit0 = InputBinding.key(.digit0)
    /// The `digit1` key.
    public static let digit1 = InputBinding.key(.digit1)
    /// The `digit2` key.
    public static let digit2 = InputBinding.key(.digit2)
    /// The `digit3` key.
    public static let digit3 = InputBinding.key(.digit3)
    /// The `digit4` key.
    public static let digit4 = InputBinding.key(.digit4)
    /// The `digit5` key.
    public static let digit5 = InputBinding.key(.digit5)
    /// The `digit6` key.
    public static let digit6 = InputBinding.key(.digit6)
    /// The `digit7` key.
    public static let digit7 = InputBinding.key(.digit7)
    /// The `digit8` key.
    public static let digit8 = InputBinding.key(.digit8)
    /// The `digit9` key.
    public static let digit9 = InputBinding.key(.digit9)
    /// The `space` key.
    public static let space = InputBinding.key(.space)
    /// The `enter` key.
    public static let enter = InputBinding.key(.enter)
    /// The `escape` key.
    public static let escape = InputBinding.key(.escape)
    /// The `tab` key.
    public static let tab = InputBinding.key(.tab)
    /// The `backspace` key.
    public static let backspace = InputBinding.key(.backspace)
    /// The `delete` key.
    public static let delete = InputBinding.key(.delete)
    /// The `insert` key.
    public static let insert = InputBinding.key(.insert)
    /// The `home` key.
    public static let home = InputBinding.key(.home)
    /// The `end` key.
    public static let end = InputBinding.key(.end)
    /// The `pageUp` key.
    public static let pageUp = InputBinding.key(.pageUp)
    /// The `pageDown` key.
    public static let pageDown = InputBinding.key(.pageDown)
    /// The `up` key.
    public static let up = InputBinding.key(.up)
    /// The `down` key.
    public static let down = InputBinding.key(.down)
    /// The `left` key.
    public static let left = InputBinding.key(.left)
    /// The `right` key.
    public static let right = InputBinding.key(.right)
    /// The `minus` key.
    public static let minus = InputBinding.key(.minus)
    /// The `plus` key.
    public static let plus = InputBinding.key(.plus)
    /// The `equals` key.
    public static let equals = InputBinding.key(.equals)
    /// The `period` key.
    public static let period = InputBinding.key(.period)
    /// The `comma` key.
    public static let comma = InputBinding.key(.comma)
    /// The `slash` key.
    public static let slash = InputBinding.key(.slash)
    /// The `backslash` key.
    public static let backslash = InputBinding.key(.backslash)
    /// The `semicolon` key.
    public static let semicolon = InputBinding.key(.semicolon)
    /// The `apostrophe` key.
    public static let apostrophe = InputBinding.key(.apostrophe)
    /// The `leftBracket` key.
    public static let leftBracket = InputBinding.key(.leftBracket)
    /// The `rightBracket` key.
    public static let rightBracket = InputBinding.key(.rightBracket)
    /// The `grave` key.
    public static let grave = InputBinding.key(.grave)
    /// The `leftShift` key.
    public static let leftShift = InputBinding.key(.leftShift)
    /// The `rightShift` key.
    public static let rightShift = InputBinding.key(.rightShift)
    /// The `leftControl` key.
    public static let leftControl = InputBinding.key(.leftControl)
    /// The `rightControl` key.
    public static let rightControl = InputBinding.key(.rightControl)
    /// The `leftAlt` key.
    public static let leftAlt = InputBinding.key(.leftAlt)
    /// The `rightAlt` key.
    public static let rightAlt = InputBinding.key(.rightAlt)
    /// The `leftMeta` key.
    public static let leftMeta = InputBinding.key(.leftMeta)
    /// The `rightMeta` key.
    public static let rightMeta = InputBinding.key(.rightMeta)
    /// The `f1` key.
    public static let f1 = InputBinding.key(.f1)
    /// The `f2` key.
    public static let f2 = InputBinding.key(.f2)
    /// The `f3` key.
    public static let f3 = InputBinding.key(.f3)
    /// The `f4` key.
    public static let f4 = InputBinding.key(.f4)
    /// The `f5` key.
    public static let f5 = InputBinding.key(.f5)
    /// The `f6` key.
    public static let f6 = InputBinding.key(.f6)
    /// The `f7` key.
    public static let f7 = InputBinding.key(.f7)
    /// The `f8` key.
    public static let f8 = InputBinding.key(.f8)
    /// The `f9` key.
    public static let f9 = InputBinding.key(.f9)
    /// The `f10` key.
    public static let f10 = InputBinding.key(.f10)
    /// The `f11` key.
    public static let f11 = InputBinding.key(.f11)
    /// The `f12` key.
    public static let f12 = InputBinding.key(.f12)
    /// The `keypad0` key.
    public static let keypad0 = InputBinding.key(.keypad0)
    /// The `keypad1` key.
    public static let keypad1 = InputBinding.key(.keypad1)
    /// The `keypad2` key.
    public static let keypad2 = InputBinding.key(.keypad2)
    /// The `keypad3` key.
    public static let keypad3 = InputBinding.key(.keypad3)
    /// The `keypad4` key.
    public static let keypad4 = InputBinding.key(.keypad4)
    /// The `keypad5` key.
    public static let keypad5 = InputBinding.key(.keypad5)
    /// The `keypad6` key.
    public static let keypad6 = InputBinding.key(.keypad6)
    /// The `keypad7` key.
    public static let keypad7 = InputBinding.key(.keypad7)
    /// The `keypad8` key.
    public static let keypad8 = InputBinding.key(.keypad8)
    /// The `keypad9` key.
    public static let keypad9 = InputBinding.key(.keypad9)
    /// The `keypadPlus` key.
    public static let keypadPlus = InputBinding.key(.keypadPlus)
    /// The `keypadMinus` key.
    public static let keypadMinus = InputBinding.key(.keypadMinus)
    /// The `keypadMultiply` key.
    public static let keypadMultiply = InputBinding.key(.keypadMultiply)
    /// The `keypadDivide` key.
    public static let keypadDivide = InputBinding.key(.keypadDivide)
    /// The `keypadEnter` key.
    public static let keypadEnter = InputBinding.key(.keypadEnter)
    /// The `keypadPeriod` key.
    public static let keypadPeriod = InputBinding.key(.keypadPeriod)
}
