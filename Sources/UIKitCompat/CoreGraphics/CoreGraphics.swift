// `import CoreGraphics` as on iOS: CGFloat, CGPoint, CGSize, CGRect and CGAffineTransform (Foundation) with
// CGColor, CGImage, CGPath and CGContext (LayerKit). Part of the UIKitCompat product (docs/Porting.md), so a
// ported file keeps its `import CoreGraphics` line. A test file must not import it next to `Testing`: Swift
// Testing declares a cross-import overlay for Apple's CoreGraphics, which does not exist here.
@_exported import Foundation
@_exported import LayerKit
