import Foundation

/// Small image operations for outputs: letterboxing a frame into a size, and contact sheets.
package enum ImageComposition {
    /// `image` scaled by an integer-free box filter to fit `width × height` pixels (aspect kept, centred,
    /// the rest filled with `background`).
    package static func fit(_ image: CGImage, width: Int, height: Int, background: CGColor) throws -> CGImage {
        let s = min(Double(width) / Double(image.width), Double(height) / Double(image.height))
        let w = max(1, Int((Double(image.width) * s).rounded()))
        let h = max(1, Int((Double(image.height) * s).rounded()))
        let scaled = (w == image.width && h == image.height) ? image : try resample(image, width: w, height: h)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let bg = background.premultipliedRGBA8
        for i in stride(from: 0, to: out.count, by: 4) {
            (out[i], out[i + 1], out[i + 2], out[i + 3]) = (bg.r, bg.g, bg.b, bg.a)
        }
        let ox = (width - w) / 2
        let oy = (height - h) / 2
        for y in 0..<h {
            let src = y * w * 4
            let dst = ((y + oy) * width + ox) * 4
            for k in 0..<(w * 4) { out[dst + k] = scaled.pixels[src + k] }
        }
        return try CGImage(width: width, height: height, premultipliedPixels: out, scale: image.scale)
    }

    /// A grid of `columns × rows` tiles, each an image scaled to `tileWidth` pixels wide, row by row,
    /// separated by `gap` pixels of `background`.
    package static func contactSheet(
        _ images: [CGImage], columns: Int, rows: Int, tileWidth: Int,
        gap: Int = 4, background: CGColor = .black
    ) throws -> CGImage {
        guard let first = images.first, columns > 0, rows > 0, tileWidth > 0 else {
            throw CGImage.SizeError.empty(width: columns, height: rows)
        }
        let tileHeight = max(1, Int((Double(first.height) * Double(tileWidth) / Double(first.width)).rounded()))
        let width = columns * tileWidth + (columns + 1) * gap
        let height = rows * tileHeight + (rows + 1) * gap
        try CGImage.validate(width: width, height: height)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let bg = background.premultipliedRGBA8
        for i in stride(from: 0, to: out.count, by: 4) {
            (out[i], out[i + 1], out[i + 2], out[i + 3]) = (bg.r, bg.g, bg.b, bg.a)
        }
        for (k, image) in images.prefix(columns * rows).enumerated() {
            let tile = try resample(image, width: tileWidth, height: tileHeight)
            let ox = gap + (k % columns) * (tileWidth + gap)
            let oy = gap + (k / columns) * (tileHeight + gap)
            for y in 0..<tileHeight {
                let src = y * tileWidth * 4
                let dst = ((y + oy) * width + ox) * 4
                for i in 0..<(tileWidth * 4) { out[dst + i] = tile.pixels[src + i] }
            }
        }
        return try CGImage(width: width, height: height, premultipliedPixels: out)
    }

    /// Area-averaging resample (premultiplied, so edges do not darken).
    package static func resample(_ image: CGImage, width: Int, height: Int) throws -> CGImage {
        if width == image.width && height == image.height { return image }
        try CGImage.validate(width: width, height: height)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let sx = Double(image.width) / Double(width)
        let sy = Double(image.height) / Double(height)
        image.pixels.withUnsafeBufferPointer { src in
            for y in 0..<height {
                let y0 = Double(y) * sy
                let y1 = y0 + sy
                for x in 0..<width {
                    let x0 = Double(x) * sx
                    let x1 = x0 + sx
                    var acc = (0.0, 0.0, 0.0, 0.0)
                    var total = 0.0
                    var yy = Int(y0)
                    while Double(yy) < y1 && yy < image.height {
                        let wy = min(y1, Double(yy + 1)) - max(y0, Double(yy))
                        var xx = Int(x0)
                        while Double(xx) < x1 && xx < image.width {
                            let w = wy * (min(x1, Double(xx + 1)) - max(x0, Double(xx)))
                            let i = (yy * image.width + xx) * 4
                            acc.0 += w * Double(src[i])
                            acc.1 += w * Double(src[i + 1])
                            acc.2 += w * Double(src[i + 2])
                            acc.3 += w * Double(src[i + 3])
                            total += w
                            xx += 1
                        }
                        yy += 1
                    }
                    let o = (y * width + x) * 4
                    if total > 0 {
                        out[o] = UInt8(min(255, (acc.0 / total).rounded()))
                        out[o + 1] = UInt8(min(255, (acc.1 / total).rounded()))
                        out[o + 2] = UInt8(min(255, (acc.2 / total).rounded()))
                        out[o + 3] = UInt8(min(255, (acc.3 / total).rounded()))
                    }
                }
            }
        }
        return try CGImage(width: width, height: height, premultipliedPixels: out, scale: image.scale)
    }
}
