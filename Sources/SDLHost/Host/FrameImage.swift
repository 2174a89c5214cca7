/// A frame to show: 8-bit premultiplied RGBA (R, G, B, A bytes in memory), top row first — the
/// compositor's framebuffer layout.
///
/// Either owns an array or points at memory the delegate keeps alive until its next `frame` call
/// (the host copies the pixels into the texture before it asks for another frame).
public struct FrameImage {
    enum Storage {
        case bytes([UInt8])
        case pointer(UnsafeRawPointer)
    }

    let storage: Storage
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Distance between rows in bytes (≥ width × 4).
    public let bytesPerRow: Int

    /// A frame in an array; rows are tightly packed unless `bytesPerRow` says otherwise.
    public init(bytes: [UInt8], width: Int, height: Int, bytesPerRow: Int? = nil) {
        storage = .bytes(bytes)
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow ?? width * 4
    }

    /// A frame in memory the caller owns; it must stay valid and unchanged until the delegate's next
    /// `frame` call (or until the host returns, for the last frame).
    public init(unsafePixels: UnsafeRawPointer, width: Int, height: Int, bytesPerRow: Int) {
        storage = .pointer(unsafePixels)
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
    }

    /// Why the description does not fit the pixels, or nil when it does.
    public var problem: String? {
        guard width > 0, height > 0 else {
            return "size \(width)x\(height) is empty; return a frame of at least 1x1 pixels"
        }
        guard width <= 16384, height <= 16384 else { return "size \(width)x\(height) exceeds 16384 pixels on a side" }
        guard bytesPerRow >= width * 4 else {
            return "bytesPerRow \(bytesPerRow) is less than width x 4 = \(width * 4)"
        }
        if case .bytes(let bytes) = storage {
            let needed = (height - 1) * bytesPerRow + width * 4
            if bytes.count < needed {
                return
                    "\(bytes.count) bytes for \(width)x\(height) pixels with \(bytesPerRow) bytes per row (needs \(needed))"
            }
        }
        return nil
    }

    /// Calls `body` with the first byte of the top row; nil for an empty array.
    func withUnsafeBytes<R>(_ body: (UnsafeRawPointer) throws -> R) rethrows -> R? {
        switch storage {
        case .pointer(let pointer):
            return try body(pointer)
        case .bytes(let bytes):
            return try bytes.withUnsafeBytes { raw in try raw.baseAddress.map(body) }
        }
    }
}
