import Foundation
import ImageCodec
import LayerKit

@testable import Typesetting

/// The book's lorem-ipsum paragraph (CATextLayer example, 000:L1451-1599), without its line continuations.
let lorem =
    "Lorem ipsum dolor sit amet, consectetur adipiscing elit. Quisque massa arcu, eleifend vel varius in, "
    + "facilisis pulvinar leo. Nunc quis nunc at mauris pharetra condimentum ut ac neque. Nunc elementum, libero ut "
    + "porttitor dictum, diam odio congue lacus, vel fringilla sapien diam at purus. Etiam suscipit pretium nunc sit "
    + "amet lobortis"

/// One renderer for the tests (FreeType is started once).
let renderer = TextRenderer()

/// A coverage bitmap as an image: black text on white.
func image(of bitmap: AlphaBitmap) throws -> CGImage {
    var rgba = [UInt8](repeating: 255, count: bitmap.width * bitmap.height * 4)
    for i in 0..<(bitmap.width * bitmap.height) {
        let v = 255 - bitmap.pixels[i]
        (rgba[i * 4], rgba[i * 4 + 1], rgba[i * 4 + 2]) = (v, v, v)
    }
    return try CGImage(width: bitmap.width, height: bitmap.height, premultipliedPixels: rgba)
}

/// Writes a coverage bitmap as a PNG (black text on white) into the test output folder; returns the path.
///
/// The images are kept on purpose, for a human to look at the rendering; the folder and the names are
/// fixed, so each run overwrites them rather than adding files.
@discardableResult
func writePNG(_ bitmap: AlphaBitmap, named name: String) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("emitter-typesetting-tests")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let path = dir.appendingPathComponent(name + ".png").path
    try image(of: bitmap).writePNG(to: path)
    return path
}

/// Whether two numbers agree to `tolerance`.
func close(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-6) -> Bool { abs(a - b) <= tolerance }
