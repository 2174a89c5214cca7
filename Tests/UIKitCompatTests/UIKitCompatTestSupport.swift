import EmitterTestSupport
import Foundation
import UIKitCompat

/// Collects reports from a diagnostics handler (which may run on any thread).
final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ message: String) {
        lock.lock()
        stored.append(message)
        lock.unlock()
    }
    var messages: [String] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

/// Runs `body` with the UIKit diagnostics it causes collected.
func uikitReports(_ body: () throws -> Void) rethrows -> [String] {
    let reports = Reports()
    try UIKitDiagnostics.withHandler({ reports.append($0) }, body)
    return reports.messages
}

/// A PNG of `width` × `height` pixels filled with one colour, written to `path`.
func writeSolidPNG(_ path: String, width: Int, height: Int, rgba: (UInt8, UInt8, UInt8, UInt8) = (255, 0, 0, 255))
    throws
{
    var pixels: [UInt8] = []
    for _ in 0..<(width * height) { pixels += [rgba.0, rgba.1, rgba.2, rgba.3] }
    try PNGCodec.write(try CGImage(width: width, height: height, straightPixels: pixels), to: path)
}
