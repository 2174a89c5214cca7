import CZlib
import Foundation

// MARK: - gzip

/// Inflates gzip (or zlib) data with zlib, refusing output beyond a limit so that a hostile file
/// cannot exhaust memory (a "zip bomb").
enum GzipInflater {
    /// Why inflation failed.
    enum Failure: Error, Equatable {
        /// The data is not gzip/zlib or is corrupt or truncated; zlib's message.
        case corrupt(String)
        /// The output would exceed the limit.
        case tooLarge(limit: Int)
    }

    /// The inflated bytes of `data`, at most `limit` bytes.
    static func inflate(_ data: Data, limit: Int) -> Result<Data, Failure> {
        guard !data.isEmpty else { return .failure(.corrupt("no data")) }
        var stream = z_stream()
        // 15 + 32: maximum window, detect gzip or zlib headers automatically.
        guard inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return .failure(.corrupt("zlib could not start"))
        }
        defer { inflateEnd(&stream) }
        var output = Data()
        let chunk = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: chunk)
        var input = [UInt8](data)
        let count = input.count
        return input.withUnsafeMutableBufferPointer { inBuffer -> Result<Data, Failure> in
            stream.next_in = inBuffer.baseAddress
            stream.avail_in = uInt(count)
            while true {
                let status: Int32 = buffer.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(chunk)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk - Int(stream.avail_out)
                if output.count + produced > limit { return .failure(.tooLarge(limit: limit)) }
                output.append(contentsOf: buffer[0..<produced])
                switch status {
                case Z_STREAM_END:
                    return .success(output)
                case Z_OK:
                    // No progress with input left and output room means truncated data.
                    if stream.avail_in == 0 && produced == 0 {
                        return .failure(.corrupt("the data ends early (truncated)"))
                    }
                case Z_BUF_ERROR:
                    return .failure(.corrupt("the data ends early (truncated)"))
                default:
                    let message = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                    return .failure(.corrupt(message))
                }
            }
        }
    }
}
