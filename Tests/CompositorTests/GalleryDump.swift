import Foundation
import Testing
import LayerKit
@testable import Compositor

/// Writes every scene to /tmp/emitter-gallery when EMITTER_GALLERY=1 (for looking at them).
@Test func galleryDump() throws {
    guard ProcessInfo.processInfo.environment["EMITTER_GALLERY"] == "1" else { return }
    let dir = "/tmp/emitter-gallery"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let scenes: [(String, CALayer)] = [
        ("s07-ring", BookScenes.ring().root), ("s08-offset", BookScenes.offset()),
        ("s09-reflection", try BookScenes.reflection(fade: false)), ("s09-reflection-fade", try BookScenes.reflection(fade: true)),
        ("s10-gradient", BookScenes.gradient()), ("s11-cubes", BookScenes.cubes()), ("s12-lit-cube", try BookScenes.litCube()),
        ("s13-card", try BookScenes.card(angle: .pi / 4)), ("s14-anchor", BookScenes.anchor()), ("s15-rotated", BookScenes.rotated().0),
        ("s16-effects", BookScenes.effects()), ("s17-shadow-paths", try BookScenes.shadowPaths()),
        ("s25-digits", try BookScenes.digitClock()), ("s26-hands", BookScenes.clockHands()),
        ("s27-contents", try BookScenes.contentsDemo()), ("s28-shape-mask", try BookScenes.shapeMask()),
        ("s29-grid", BookScenes.grid()), ("s30-rounded", try BookScenes.roundedCheap().0),
    ]
    for (name, root) in scenes {
        let fb = try renderFrame(root)
        try fb.writePNG(to: "\(dir)/\(name).png")
    }
}

@Test func galleryDumpParticles() throws {
    guard ProcessInfo.processInfo.environment["EMITTER_GALLERY"] == "1" else { return }
    let dir = "/tmp/emitter-gallery"
    for additive in [false, true] {
        let (root, p, _) = try ParticleScenes.mixed(additive: additive)
        try renderFrame(root, particles: p).writePNG(to: "\(dir)/particles-\(additive ? "additive" : "over").png")
    }
    let (r2, p2) = try ParticleScenes.quadrantSprites(rotation: .pi / 2, scale: 2)
    try renderFrame(r2, particles: p2).writePNG(to: "\(dir)/particles-quadrant-rot90.png")
}
