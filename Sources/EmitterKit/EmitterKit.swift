// EmitterKit is the engine and the library product game prototypes import: one `import EmitterKit`
// gives the Core Animation model, particles, physics, the compositor and scene files, and — as
// `import QuartzCore` does on iOS — Foundation's CGFloat, CGPoint, CGSize, CGRect, NSNumber, NSValue,
// Date and Dispatch, so a file ported from iOS needs no `import Foundation` added.
@_exported import Compositor
@_exported import Foundation
@_exported import ImageCodec
@_exported import LayerKit
@_exported import Particles
@_exported import Physics
@_exported import SceneFormat
