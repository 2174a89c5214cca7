import EmitterTestSupport
import Foundation
import Testing
import UIKitCompat

// MARK: - Playing a ported view headless

/// A ported effect on stage: a window of `size` points played by a `HeadlessGameRunner` at 60 frames per
/// second (fixed step 1/120 s), with `UIImage(named:)` searching the port's asset folders.
///
/// Ported code that reads `CACurrentMediaTime()` runs through `perform`, inside the engine's clock, as it
/// runs on a device inside the render server's: its begin times then line up with the simulation's.
@MainActor final class PortStage {
    let window: UIWindow
    let runner: HeadlessGameRunner
    let assetFolders: [String]

    /// The stage for `port` (its folder under Tests/PortsTests); `folders` are its asset folders, relative
    /// to the port's `original/` folder.
    init(port: String, size: CGSize, assets folders: [String] = []) throws {
        let original = PortFiles.folder(port) + "/original"
        assetFolders = folders.map { original + "/" + $0 }
        window = UIWindow(frame: CGRect(origin: .zero, size: size))
        runner = try HeadlessGameRunner(game: window, configuration: GameConfiguration(viewSize: size))
    }

    /// The engine playing the window.
    var engine: Engine { runner.session.engine }

    /// Seconds simulated so far.
    var time: Double { runner.session.simulatedTime }

    /// Runs `body` (ported code) with the port's asset folders and the engine's clock.
    func perform<R>(_ body: () throws -> R) rethrows -> R {
        try UIImage.withAssetFolders(assetFolders) { try engine.clock.withScope { try body() } }
    }

    /// Plays until `seconds` of simulated time (whole frames of 1/60 s).
    func run(until seconds: Double) throws {
        let frames = Int(((seconds - time) * 60).rounded())
        guard frames > 0 else { return }
        try UIImage.withAssetFolders(assetFolders) { _ = try runner.run(frames: frames) }
    }

    /// The emitter layers the engine simulates, in tree order.
    var emitters: [CAEmitterLayer] { engine.emitters.map(\.layer) }

    /// The simulation of `emitter`.
    func simulation(_ emitter: CAEmitterLayer) throws -> EmitterSimulation {
        try #require(engine.simulation(of: emitter), "\(emitter) is not simulated")
    }

    /// The live particles of `emitter` (at every depth, or only `cell`'s), positions in `view`'s coordinates.
    func particles(of emitter: CAEmitterLayer, cell: CAEmitterCell? = nil, in view: UIView) throws -> [Particle] {
        try simulation(emitter).snapshot().filter { cell == nil || $0.cell === cell }.map { record in
            Particle(
                position: emitter.convert(CGPoint(x: CGFloat(record.x), y: CGFloat(record.y)), to: view.layer),
                velocity: CGVector(dx: CGFloat(record.vx), dy: CGFloat(record.vy)), age: Double(record.age))
        }
    }

    /// The frame as it is now, `scale` pixels per point.
    func snapshot(scale: CGFloat = 1) throws -> CGImage { try runner.session.snapshot(scale: scale) }
}

/// A live particle as a test reads it: where it is in the view, how it moves, how old it is.
struct Particle {
    /// Position in the view's coordinates, points.
    var position: CGPoint
    /// Velocity, points per second (the emitter's axes; the ported views do not rotate their emitters).
    var velocity: CGVector
    /// Seconds since birth.
    var age: Double
}

/// Where a set of particles is and where it goes.
struct Motion: CustomStringConvertible {
    let count: Int
    let meanVelocity: CGVector
    let meanPosition: CGPoint
    /// The share of the particles inside `bounds`.
    let insideShare: Double

    init(_ particles: [Particle], bounds: CGRect) {
        count = particles.count
        let n = CGFloat(max(1, particles.count))
        meanVelocity = CGVector(
            dx: particles.reduce(0) { $0 + $1.velocity.dx } / n, dy: particles.reduce(0) { $0 + $1.velocity.dy } / n)
        meanPosition = CGPoint(
            x: particles.reduce(0) { $0 + $1.position.x } / n, y: particles.reduce(0) { $0 + $1.position.y } / n)
        insideShare = Double(particles.filter { bounds.contains($0.position) }.count) / Double(max(1, particles.count))
    }

    var description: String {
        let v = String(format: "(%.1f, %.1f)", Double(meanVelocity.dx), Double(meanVelocity.dy))
        let p = String(format: "(%.1f, %.1f)", Double(meanPosition.x), Double(meanPosition.y))
        return "\(count) particles, mean velocity \(v) pt/s, mean position \(p), \(Int(insideShare * 100)) % inside"
    }
}

// MARK: - Files

/// Paths of the ported material.
enum PortFiles {
    /// Tests/PortsTests.
    static let root = TestSupport.packageRoot + "/Tests/PortsTests"

    /// The folder of port `name`.
    static func folder(_ name: String) -> String { root + "/" + name }
}

// MARK: - Golden frames

/// One golden frame per port in Tests/PortsTests/Goldens, through the suite's golden workflow
/// (`Golden.expect`: `EMITTER_RECORD_GOLDENS=1` records and fails, refused under `CI`; a mismatch writes
/// `<name>.actual.png`), within the tolerance of a rendered frame.
enum PortGolden {
    static func check(
        _ image: CGImage, _ name: String, context: String = "", sourceLocation: SourceLocation = #_sourceLocation
    ) {
        Golden.expect(
            image: image, matchesFileAt: PortFiles.root + "/Goldens/\(name).png", tolerance: .rendering,
            context: context, sourceLocation: sourceLocation)
    }

    /// The number of pixels brighter than `threshold` in any channel: a frame that passes only when black
    /// is a bug.
    static func litPixels(_ image: CGImage, threshold: UInt8 = 40) -> Int {
        var lit = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                if max(p.r, p.g, p.b) > threshold { lit += 1 }
            }
        }
        return lit
    }
}
