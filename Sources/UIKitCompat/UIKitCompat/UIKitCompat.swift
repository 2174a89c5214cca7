// UIKit for code ported from iOS (docs/Porting.md): the UIKit a CAEmitterLayer effect uses — UIImage,
// UIView, UIWindow, UIViewController, UIScreen, UIColor's system colours and NSValue's geometry — over the
// engine, which it re-exports as iOS's UIKit re-exports QuartzCore and Foundation. A ported file's
// `import UIKit` becomes `import UIKitCompat`: a module named UIKit would collide with the cross-import
// overlays Swift Testing declares for Apple's UIKit. It has no window of its own: a UIWindow is a `Game`,
// which SDLHost's `GameLauncher` shows and `HeadlessGameRunner` plays without a display.
@_exported import EmitterKit
