import Foundation

/// Where a band of drawing goes: the framebuffer, an offscreen group buffer, or a prepass buffer.
/// All drawing uses device pixel coordinates; `rect` says which device pixels the memory holds.
struct RenderTarget {
    /// Pixel (rect.x0, rect.y0).
    let base: UnsafeMutablePointer<UInt32>
    /// Pixels per row.
    let stride: Int
    /// The device pixels stored.
    let rect: IntRect

    /// A pointer `p` such that `p[x]` is device pixel (x, y); only indices in `rect.x0 ..< rect.x1` are valid.
    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        base + ((y &- rect.y0) &* stride &- rect.x0)
    }

    /// Clears rows `rows` (device rows inside `rect`) to transparent.
    func clear(rows: Range<Int>) {
        guard !rows.isEmpty else { return }
        if stride == rect.width {
            (base + (rows.lowerBound - rect.y0) * stride).update(repeating: 0, count: rows.count * stride)
        } else {
            for y in rows { (row(y) + rect.x0).update(repeating: 0, count: rect.width) }
        }
    }
}

/// An offscreen pixel buffer whose memory is recycled between frames by `BufferPool`.
final class PixelBuffer {
    let capacity: Int
    let pixels: UnsafeMutablePointer<UInt32>
    /// The frame that last used the buffer (for releasing unused memory).
    var lastUse: Int = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: self.capacity)
        pixels.initialize(repeating: 0, count: self.capacity)
    }

    deinit { pixels.deallocate() }

    /// A target over `rect` using this buffer (which must hold `rect.width × rect.height` pixels).
    func target(_ rect: IntRect) -> RenderTarget { RenderTarget(base: pixels, stride: rect.width, rect: rect) }
}

/// Recycles offscreen buffers: a frame borrows what it needs; buffers unused for a while are freed.
final class BufferPool {
    private var free: [PixelBuffer] = []
    private var used: [PixelBuffer] = []
    private var frame = 0

    /// A buffer of at least `count` pixels, held until `endFrame()`.
    func borrow(_ count: Int) -> PixelBuffer {
        let best = free.indices.filter { free[$0].capacity >= count }.min { free[$0].capacity < free[$1].capacity }
        let b: PixelBuffer
        if let i = best { b = free.remove(at: i) } else { b = PixelBuffer(capacity: count) }
        b.lastUse = frame
        used.append(b)
        return b
    }

    /// Returns every borrowed buffer and frees buffers unused for `keepFrames` frames.
    func endFrame(keepFrames: Int = 30) {
        free += used
        used.removeAll()
        frame += 1
        free.removeAll { frame - $0.lastUse > keepFrames }
    }

    /// Bytes held by pooled buffers.
    var byteCount: Int { (free + used).reduce(0) { $0 + $1.capacity * 4 } }
}

/// Per-thread working memory for one band: coverage accumulation, coverage bytes and a colour row.
final class RowScratch {
    private(set) var width = 0
    private(set) var acc: UnsafeMutablePointer<Float>
    private(set) var cov: UnsafeMutablePointer<UInt8>
    private(set) var cov2: UnsafeMutablePointer<UInt8>
    private(set) var colors: UnsafeMutablePointer<UInt32>
    let rows: Int

    /// Accumulator floats per row: width + 2.
    var accStride: Int { width + 2 }

    init(rows: Int) {
        self.rows = rows
        acc = UnsafeMutablePointer<Float>.allocate(capacity: 1)
        cov = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        cov2 = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        colors = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    }

    deinit {
        acc.deallocate()
        cov.deallocate()
        cov2.deallocate()
        colors.deallocate()
    }

    /// Makes room for rows of `w` pixels.
    func ensure(width w: Int) {
        guard w > width else { return }
        acc.deallocate()
        cov.deallocate()
        cov2.deallocate()
        colors.deallocate()
        width = w
        acc = UnsafeMutablePointer<Float>.allocate(capacity: rows * (w + 2))
        acc.initialize(repeating: 0, count: rows * (w + 2))
        cov = UnsafeMutablePointer<UInt8>.allocate(capacity: w)
        cov.initialize(repeating: 0, count: w)
        cov2 = UnsafeMutablePointer<UInt8>.allocate(capacity: w)
        cov2.initialize(repeating: 0, count: w)
        colors = UnsafeMutablePointer<UInt32>.allocate(capacity: w)
        colors.initialize(repeating: 0, count: w)
    }
}
