import Foundation

/// Reads and writes RIFF WAVE files (the formats `Sound` lists), with errors that name the byte offset.
enum WAVCodec {
    struct Decoded {
        var samples: [Float]
        var channels: Int
        var sampleRate: Double
    }

    private static let pcm: UInt16 = 1
    private static let float: UInt16 = 3
    private static let extensible: UInt16 = 0xFFFE

    // MARK: - Reading

    static func decode(_ data: Data, name: String) throws -> Decoded {
        let bytes = [UInt8](data)
        func fail(_ offset: Int, _ problem: String) -> SoundError { .badData(name, "byte \(offset): \(problem)") }
        func u16(_ o: Int) -> UInt16 { UInt16(bytes[o]) | UInt16(bytes[o + 1]) << 8 }
        func u32(_ o: Int) -> UInt32 { UInt32(u16(o)) | UInt32(u16(o + 2)) << 16 }
        func tag(_ o: Int) -> String { String(decoding: bytes[o..<o + 4], as: UTF8.self) }

        guard bytes.count >= 12, tag(0) == "RIFF", tag(8) == "WAVE" else {
            throw fail(
                0,
                "not a WAV file (it must start with 'RIFF' and 'WAVE'); save it as WAV (PCM), e.g. `sox in.ogg out.wav`"
            )
        }
        var format: (code: UInt16, channels: Int, rate: Int, bits: Int, block: Int)?
        var dataRange: Range<Int>?
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = tag(offset)
            let size = Int(u32(offset + 4))
            let body = offset + 8
            guard size <= bytes.count - body else {
                if id == "data", format != nil {
                    // A truncated file: take the samples that are there, as most players do.
                    dataRange = body..<bytes.count
                    break
                }
                throw fail(
                    offset,
                    "chunk '\(id)' says \(size) bytes but only \(bytes.count - body) follow; the file is cut short")
            }
            if id == "fmt " {
                guard size >= 16 else { throw fail(offset, "the 'fmt ' chunk has \(size) bytes; it needs at least 16") }
                var code = u16(body)
                if code == extensible {
                    guard size >= 40 else {
                        throw fail(offset, "an extensible 'fmt ' chunk needs 40 bytes, it has \(size)")
                    }
                    code = u16(body + 24)
                }
                format = (code, Int(u16(body + 2)), Int(u32(body + 4)), Int(u16(body + 14)), Int(u16(body + 12)))
            } else if id == "data" {
                dataRange = body..<body + size
            }
            offset = body + size + (size & 1)
        }
        guard let f = format else { throw fail(12, "no 'fmt ' chunk; the file is not a complete WAV file") }
        guard let range = dataRange else { throw fail(12, "no 'data' chunk; the file holds no samples") }
        guard f.code == pcm || f.code == float else {
            throw fail(20, "format code \(f.code) is compressed (ADPCM, µ-law, …); save the sound as PCM WAV (16-bit)")
        }
        guard f.channels == 1 || f.channels == 2 else {
            throw fail(22, "\(f.channels) channels; mono and stereo are supported")
        }
        guard f.rate >= 1_000, f.rate <= 384_000 else {
            throw fail(24, "\(f.rate) samples per second; use 1000...384000")
        }
        let valid = f.code == pcm ? [8, 16, 24, 32] : [32, 64]
        guard valid.contains(f.bits) else {
            throw fail(
                34,
                "\(f.bits)-bit \(f.code == pcm ? "PCM" : "float") samples; supported: \(valid.map(String.init).joined(separator: ", ")) bits"
            )
        }
        let width = f.bits / 8
        guard f.block == width * f.channels else {
            throw fail(32, "block align \(f.block) does not match \(f.channels) channel(s) of \(f.bits) bits")
        }
        let frames = range.count / f.block
        guard Double(frames) / Double(f.rate) <= Sound.maximumDuration else {
            throw fail(
                range.lowerBound, "\(Double(frames) / Double(f.rate)) s of sound; at most \(Sound.maximumDuration) s")
        }
        var samples = [Float](repeating: 0, count: frames * f.channels)
        var o = range.lowerBound
        for i in 0..<samples.count {
            switch (f.code, f.bits) {
            case (pcm, 8): samples[i] = (Float(bytes[o]) - 128) / 128
            case (pcm, 16): samples[i] = Float(Int16(bitPattern: u16(o))) / 32_768
            case (pcm, 24):
                let v = Int32(
                    bitPattern: UInt32(bytes[o]) << 8 | UInt32(bytes[o + 1]) << 16 | UInt32(bytes[o + 2]) << 24)
                samples[i] = Float(v >> 8) / 8_388_608
            case (pcm, 32): samples[i] = Float(Double(Int32(bitPattern: u32(o))) / 2_147_483_648)
            case (float, 32): samples[i] = Float(bitPattern: u32(o))
            default: samples[i] = Float(Double(bitPattern: UInt64(u32(o)) | UInt64(u32(o + 4)) << 32))
            }
            guard samples[i].isFinite else { throw fail(o, "sample \(i) is not a finite number") }
            o += width
        }
        return Decoded(samples: samples, channels: f.channels, sampleRate: Double(f.rate))
    }

    // MARK: - Writing

    /// A 16-bit PCM WAV file of `samples` (interleaved, clipped to −1…1 and rounded).
    static func encode16(_ samples: [Float], channels: Int, sampleRate: Int) -> Data {
        var out = [UInt8]()
        out.reserveCapacity(44 + samples.count * 2)
        func put32(_ v: UInt32) { for k in 0..<4 { out.append(UInt8(truncatingIfNeeded: v >> (8 * UInt32(k)))) } }
        func put16(_ v: UInt16) {
            out.append(UInt8(v & 0xFF))
            out.append(UInt8(v >> 8))
        }
        out += Array("RIFF".utf8)
        put32(UInt32(36 + samples.count * 2))
        out += Array("WAVEfmt ".utf8)
        put32(16)
        put16(pcm)
        put16(UInt16(channels))
        put32(UInt32(sampleRate))
        put32(UInt32(sampleRate * channels * 2))
        put16(UInt16(channels * 2))
        put16(16)
        out += Array("data".utf8)
        put32(UInt32(samples.count * 2))
        for s in samples {
            let v = Int16((max(-1, min(1, Double(s))) * 32_767).rounded())
            put16(UInt16(bitPattern: v))
        }
        return Data(out)
    }
}
