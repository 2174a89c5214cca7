import Foundation
import Testing

@testable import SDLHost

/// Key names, labels and the SDL key-code table.
@Suite struct KeyTests {
    @Test func namesRoundTrip() {
        for key in Key.named + [.other(1234)] {
            #expect(Key(name: key.name) == key, "name \(key.name)")
        }
        #expect(
            Key(name: "space") == .space && Key(name: "digit1") == .digit1 && Key(name: "keypadPlus") == .keypadPlus)
        #expect(Key(name: "nonsense") == nil)
        #expect(Set(Key.named.map(\.name)).count == Key.named.count)
    }

    @Test func labelsAreShortAndReadable() {
        #expect(Key.space.label == "Space" && Key.r.label == "R" && Key.digit0.label == "0")
        #expect(Key.f11.label == "F11" && Key.keypadPlus.label == "+" && Key.escape.label == "Esc")
    }

    @Test func everyNamedKeyHasAnSDLCodeThatMapsBack() {
        #expect(SDLKeyMap.count == Key.named.count)
        var codes = Set<Int32>()
        for key in Key.named {
            let code = SDLKeyMap.code(for: key)
            #expect(code != 0, "\(key.name)")
            #expect(SDLKeyMap.key(for: code) == key, "\(key.name) code \(code)")
            codes.insert(code)
        }
        #expect(codes.count == Key.named.count, "codes are distinct")
        #expect(SDLKeyMap.key(for: 0x4000_0999) == .other(0x4000_0999))
        #expect(
            SDLKeyMap.code(for: .a) == 97 && SDLKeyMap.code(for: .space) == 32, "SDL's codes are the typed characters")
    }
}
