// `import QuartzCore` as on iOS: Core Animation (CALayer, CAEmitterLayer, CAEmitterCell, animations,
// CATransaction) with Foundation's geometry, which EmitterKit provides. Part of the UIKitCompat product
// (docs/Porting.md), so a ported file keeps its `import QuartzCore` line.
@_exported import EmitterKit
