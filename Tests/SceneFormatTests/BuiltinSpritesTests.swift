import EmitterTestSupport
import Foundation
import LayerKit
import Testing

@testable import SceneFormat

/// The built-in sprites: sizes, coverage, premultiplication, and pixels pinned by golden hashes in
/// `Fixtures/hashes.json` (recorded from renders that were looked at; a change to a generator fails here).
@Suite struct BuiltinSpritesTests {
    /// Name, width and height (docs/SceneFormat.md, "Images").
    static let sizes: [(String, Int, Int)] = [
        ("softDot", 64, 64), ("spark", 64, 16), ("smoke", 64, 64), ("snowflake", 64, 64), ("raindrop", 32, 64),
        ("confetti", 32, 20), ("star", 64, 64), ("ring", 64, 64), ("square", 32, 32), ("digits", 320, 48),
        ("crate", 64, 64),
    ]

    /// FNV-1a (`StateHasher`) of the size and every byte of the premultiplied pixels.
    static func hash(_ image: CGImage) -> String {
        var h = StateHasher()
        h.combine(image.width)
        h.combine(image.height)
        for byte in image.pixels { h.combine(UInt32(byte)) }
        return h.hex
    }

    @Test func everyNameHasAnImageAndUnknownNamesHaveNone() {
        #expect(BuiltinSprites.names == Self.sizes.map(\.0))
        #expect(BuiltinSprites.image(named: "sparkle") == nil)
        for name in BuiltinSprites.names {
            #expect(BuiltinSprites.image(named: name) != nil, "\(name)")
            #expect(
                BuiltinSprites.image(named: name) === BuiltinSprites.image(named: name),
                "\(name) is generated once and shared")
        }
    }

    @Test(arguments: BuiltinSpritesTests.sizes.map(\.0))
    func spriteHasItsSizeCoverageAndGoldenPixels(_ name: String) throws {
        let image = try #require(BuiltinSprites.image(named: name))
        let size = try #require(Self.sizes.first { $0.0 == name })
        #expect(image.width == size.1 && image.height == size.2 && image.scale == 1, "\(name): \(image)")
        var alphaSum = 0
        var maxAlpha: UInt8 = 0
        var premultiplied = true
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            let a = image.pixels[i + 3]
            alphaSum += Int(a)
            maxAlpha = max(maxAlpha, a)
            if image.pixels[i] > a || image.pixels[i + 1] > a || image.pixels[i + 2] > a { premultiplied = false }
        }
        let coverage = Double(alphaSum) / 255 / Double(image.width * image.height)
        #expect(premultiplied, "\(name): colour never exceeds alpha")
        #expect(
            coverage > 0.05 && maxAlpha >= (name == "smoke" ? 150 : 200),
            "\(name): visible, coverage \(coverage), max alpha \(maxAlpha)")
        let corner = image.pixel(x: 0, y: 0).a
        #expect(
            name == "square" || name == "digits" || name == "crate" || corner == 0,
            "\(name): transparent corner, alpha \(corner)")
        Golden.expect(
            hash: Self.hash(image), named: "sprite-\(name)", inTableAt: Fixtures.path("hashes.json"),
            context: "builtin:\(name), \(image.width)×\(image.height) pixels")
    }

    @Test func digitRectsSelectOneTenthOfTheStrip() {
        #expect(BuiltinSprites.digitContentsRect(0) == CGRect(x: 0, y: 0, width: 0.1, height: 1))
        #expect(BuiltinSprites.digitContentsRect(12) == BuiltinSprites.digitContentsRect(9), "clamped to 0…9")
        let digits = BuiltinSprites.image(named: "digits")
        let alphaOfOne = (0..<48).reduce(0) { sum, y in
            sum + (0..<16).reduce(0) { $0 + Int(digits?.pixel(x: 32 + $1, y: y).a ?? 0) }
        }
        #expect(alphaOfOne == 0, "the 1 is drawn by the right-hand segments only")
    }
}
