import LayerKit

/// Every image in `assets/`, in the order they are written.
///
/// The white sprites are the engine's built-in ones (`BuiltinSprites`, also reachable as `"builtin:<name>"`),
/// written out so that scenes and other tools can use plain files; the coloured art is drawn here.
enum AssetCatalogue {
    static let all: [Asset] =
        builtinExports + [
            Asset(
                fileName: "flame.png", summary: "32×64 white flame tongue, pointed at the top (fire.json)",
                make: FlameTongue.make),
            Asset(
                fileName: "crate.png",
                summary: "64×64 wooden crate, the Core Animation book's physics demo (crates.json)", make: Crate.make),
            Asset(
                fileName: "ball.png",
                summary: "64×64 shaded red ball with a highlight, the book's bouncing ball (bounce.json)",
                make: Ball.make),
            Asset(
                fileName: "rain-streak.png",
                summary: "8×64 white motion-blurred drop, brightest at the head (rain.json)", make: RainStreak.make),
            Asset(
                fileName: "landscape.png",
                summary: "200×140 mountains at sunset, the picture of the reflection demo (reflection.json)",
                make: Landscape.make),
            Asset(
                fileName: "explosion-sheet.png",
                summary:
                    "128×128 explosion in 4×4 frames of 32×32, row by row: flash, fireball, smoke (flipbook-explosion.json)",
                make: ExplosionSheet.make),
        ]

    /// The built-in sprites, each as `<kebab-case name>.png`.
    static let builtinExports: [Asset] = [
        ("softDot", "soft-dot.png", "64×64 white dot with a Gaussian fall-off: flames, glows, embers"),
        ("spark", "spark.png", "64×16 white streak tapering at both ends"),
        ("smoke", "smoke.png", "64×64 light-grey noisy puff"),
        ("snowflake", "snowflake.png", "64×64 six-armed crystal"),
        ("raindrop", "raindrop.png", "32×64 drop, round at the bottom"),
        ("confetti", "confetti.png", "32×20 paper piece with fold shading"),
        ("star", "star.png", "64×64 five-pointed star"),
        ("digits", "digits.png", "320×48 seven-segment digit strip 0–9 (contentsRect d×0.1)"),
    ].map { name, file, summary in
        Asset(fileName: file, summary: summary) {
            guard let image = BuiltinSprites.image(named: name) else { throw AssetError.missingBuiltin(name) }
            return image
        }
    }
}

/// Why an asset could not be made or written.
enum AssetError: Error, CustomStringConvertible {
    case missingBuiltin(String)

    var description: String {
        switch self {
        case .missingBuiltin(let name):
            return
                "the built-in sprite \"\(name)\" does not exist in this LayerKit; update AssetCatalogue.builtinExports"
        }
    }
}
