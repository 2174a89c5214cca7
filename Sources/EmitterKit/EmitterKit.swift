// EmitterKit is the engine and the library product game prototypes import: one `import EmitterKit`
// gives the Core Animation model, particles, physics, the compositor and scene files.
@_exported import Compositor
@_exported import ImageCodec
@_exported import LayerKit
@_exported import Particles
@_exported import Physics
@_exported import SceneFormat
