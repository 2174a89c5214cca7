import Foundation
import LayerKit

@testable import Particles

// MARK: - Preview images

/// A tiny software splatter for looking at simulations while developing tests: each sprite is a soft
/// disc of radius `4 × scale` points blended additively or source-over, written as an uncompressed
/// PNG. Set PARTICLES_PREVIEW_DIR to get the files; nothing is written otherwise.
struct PreviewImage {
    let width: Int, height: Int
    var pixels: [Float]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = Array(repeating: 0, count: width * height * 3)
    }

    /// Draws a draw list (sprites in order, offset by `origin`).
    mutating func draw(_ list: ParticleDrawList, radius: Float = 4) {
        for s in list.sprites {
            let r = max(0.75, radius * s.scale)
            let a = Float(s.a) / 255
            let col = (Float(s.r) / 255, Float(s.g) / 255, Float(s.b) / 255)
            let x0 = max(0, Int(s.x - r))
            let x1 = min(width - 1, Int(s.x + r))
            let y0 = max(0, Int(s.y - r))
            let y1 = min(height - 1, Int(s.y + r))
            guard x0 <= x1, y0 <= y1 else { continue }
            for py in y0...y1 {
                for px in x0...x1 {
                    let dx = Float(px) + 0.5 - s.x
                    let dy = Float(py) + 0.5 - s.y
                    let cover = max(0, 1 - (dx * dx + dy * dy).squareRoot() / r) * a
                    guard cover > 0 else { continue }
                    let i = (py * width + px) * 3
                    if list.renderMode == .additive {
                        pixels[i] += col.0 * cover
                        pixels[i + 1] += col.1 * cover
                        pixels[i + 2] += col.2 * cover
                    } else {
                        pixels[i] = pixels[i] * (1 - cover) + col.0 * cover
                        pixels[i + 1] = pixels[i + 1] * (1 - cover) + col.1 * cover
                        pixels[i + 2] = pixels[i + 2] * (1 - cover) + col.2 * cover
                    }
                }
            }
        }
    }

    /// Writes the image as `name`.png into PARTICLES_PREVIEW_DIR when that variable is set.
    func writeIfRequested(_ name: String) {
        guard let dir = ProcessInfo.processInfo.environment["PARTICLES_PREVIEW_DIR"] else { return }
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width {
                for k in 0..<3 { raw.append(UInt8(min(1, max(0, pixels[(y * width + x) * 3 + k])) * 255 + 0.5)) }
            }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func chunk(_ type: String, _ data: [UInt8]) {
            png += be32(UInt32(data.count))
            let body = Array(type.utf8) + data
            png += body
            png += be32(crc32(body))
        }
        chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [8, 2, 0, 0, 0])
        var z: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65535, raw.count - offset)
            z.append(offset + n == raw.count ? 1 : 0)
            z += [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            z += raw[offset..<offset + n]
            offset += n
        } while offset < raw.count
        z += be32(adler32(raw))
        chunk("IDAT", z)
        chunk("IEND", [])
        try? Data(png).write(to: URL(fileURLWithPath: dir).appendingPathComponent(name + ".png"))
    }

    private func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    private func crc32(_ data: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in data {
            c ^= UInt32(b)
            for _ in 0..<8 { c = (c >> 1) ^ (0xEDB8_8320 & (0 &- (c & 1))) }
        }
        return ~c
    }

    private func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for v in data {
            a = (a + UInt32(v)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}
