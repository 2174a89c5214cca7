import LayerKit

/// One PNG of `assets/`: its file name, what it shows, and the code that draws it.
struct Asset {
    /// File name in `assets/`, e.g. `"crate.png"`.
    let fileName: String
    /// One line for `--list` and the README: what the image shows and who uses it.
    let summary: String
    /// Draws the image (8-bit RGBA, deterministic).
    let make: () throws -> CGImage
}
