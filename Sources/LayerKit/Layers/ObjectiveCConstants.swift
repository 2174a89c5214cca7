import Foundation

// Core Animation's string constants under their Objective-C names, as Swift code before Swift 4.2 and every
// Objective-C listing spells them (`emitter.emitterShape = kCAEmitterLayerLine`). Each is the typed value
// of today's Swift API, so both spellings assign to the same properties and compare equal. The action and transaction keys (`kCAOnOrderIn`, …) are in AnimationConstants.swift.

// MARK: - Emitter shapes, modes and render modes

/// `CAEmitterLayerEmitterShape.point`.
public let kCAEmitterLayerPoint = CAEmitterLayerEmitterShape.point
/// `CAEmitterLayerEmitterShape.line`.
public let kCAEmitterLayerLine = CAEmitterLayerEmitterShape.line
/// `CAEmitterLayerEmitterShape.rectangle`.
public let kCAEmitterLayerRectangle = CAEmitterLayerEmitterShape.rectangle
/// `CAEmitterLayerEmitterShape.cuboid`.
public let kCAEmitterLayerCuboid = CAEmitterLayerEmitterShape.cuboid
/// `CAEmitterLayerEmitterShape.circle`.
public let kCAEmitterLayerCircle = CAEmitterLayerEmitterShape.circle
/// `CAEmitterLayerEmitterShape.sphere`.
public let kCAEmitterLayerSphere = CAEmitterLayerEmitterShape.sphere
/// `CAEmitterLayerEmitterMode.points`.
public let kCAEmitterLayerPoints = CAEmitterLayerEmitterMode.points
/// `CAEmitterLayerEmitterMode.outline`.
public let kCAEmitterLayerOutline = CAEmitterLayerEmitterMode.outline
/// `CAEmitterLayerEmitterMode.surface`.
public let kCAEmitterLayerSurface = CAEmitterLayerEmitterMode.surface
/// `CAEmitterLayerEmitterMode.volume`.
public let kCAEmitterLayerVolume = CAEmitterLayerEmitterMode.volume
/// `CAEmitterLayerRenderMode.unordered`.
public let kCAEmitterLayerUnordered = CAEmitterLayerRenderMode.unordered
/// `CAEmitterLayerRenderMode.oldestFirst`.
public let kCAEmitterLayerOldestFirst = CAEmitterLayerRenderMode.oldestFirst
/// `CAEmitterLayerRenderMode.oldestLast`.
public let kCAEmitterLayerOldestLast = CAEmitterLayerRenderMode.oldestLast
/// `CAEmitterLayerRenderMode.backToFront`.
public let kCAEmitterLayerBackToFront = CAEmitterLayerRenderMode.backToFront
/// `CAEmitterLayerRenderMode.additive`.
public let kCAEmitterLayerAdditive = CAEmitterLayerRenderMode.additive

// MARK: - Contents

/// `CALayerContentsFilter.linear`.
public let kCAFilterLinear = CALayerContentsFilter.linear
/// `CALayerContentsFilter.nearest`.
public let kCAFilterNearest = CALayerContentsFilter.nearest
/// `CALayerContentsFilter.trilinear`.
public let kCAFilterTrilinear = CALayerContentsFilter.trilinear
/// `CALayerContentsGravity.center`.
public let kCAGravityCenter = CALayerContentsGravity.center
/// `CALayerContentsGravity.top`.
public let kCAGravityTop = CALayerContentsGravity.top
/// `CALayerContentsGravity.bottom`.
public let kCAGravityBottom = CALayerContentsGravity.bottom
/// `CALayerContentsGravity.left`.
public let kCAGravityLeft = CALayerContentsGravity.left
/// `CALayerContentsGravity.right`.
public let kCAGravityRight = CALayerContentsGravity.right
/// `CALayerContentsGravity.topLeft`.
public let kCAGravityTopLeft = CALayerContentsGravity.topLeft
/// `CALayerContentsGravity.topRight`.
public let kCAGravityTopRight = CALayerContentsGravity.topRight
/// `CALayerContentsGravity.bottomLeft`.
public let kCAGravityBottomLeft = CALayerContentsGravity.bottomLeft
/// `CALayerContentsGravity.bottomRight`.
public let kCAGravityBottomRight = CALayerContentsGravity.bottomRight
/// `CALayerContentsGravity.resize`.
public let kCAGravityResize = CALayerContentsGravity.resize
/// `CALayerContentsGravity.resizeAspect`.
public let kCAGravityResizeAspect = CALayerContentsGravity.resizeAspect
/// `CALayerContentsGravity.resizeAspectFill`.
public let kCAGravityResizeAspectFill = CALayerContentsGravity.resizeAspectFill

// MARK: - Timing

/// `CAMediaTimingFunctionName.linear`.
public let kCAMediaTimingFunctionLinear = CAMediaTimingFunctionName.linear
/// `CAMediaTimingFunctionName.easeIn`.
public let kCAMediaTimingFunctionEaseIn = CAMediaTimingFunctionName.easeIn
/// `CAMediaTimingFunctionName.easeOut`.
public let kCAMediaTimingFunctionEaseOut = CAMediaTimingFunctionName.easeOut
/// `CAMediaTimingFunctionName.easeInEaseOut`.
public let kCAMediaTimingFunctionEaseInEaseOut = CAMediaTimingFunctionName.easeInEaseOut
/// `CAMediaTimingFunctionName.default`.
public let kCAMediaTimingFunctionDefault = CAMediaTimingFunctionName.default
/// `CAMediaTimingFillMode.removed`.
public let kCAFillModeRemoved = CAMediaTimingFillMode.removed
/// `CAMediaTimingFillMode.forwards`.
public let kCAFillModeForwards = CAMediaTimingFillMode.forwards
/// `CAMediaTimingFillMode.backwards`.
public let kCAFillModeBackwards = CAMediaTimingFillMode.backwards
/// `CAMediaTimingFillMode.both`.
public let kCAFillModeBoth = CAMediaTimingFillMode.both

// MARK: - Animations

/// `CAAnimationCalculationMode.linear`.
public let kCAAnimationLinear = CAAnimationCalculationMode.linear
/// `CAAnimationCalculationMode.discrete`.
public let kCAAnimationDiscrete = CAAnimationCalculationMode.discrete
/// `CAAnimationCalculationMode.paced`.
public let kCAAnimationPaced = CAAnimationCalculationMode.paced
/// `CAAnimationCalculationMode.cubic`.
public let kCAAnimationCubic = CAAnimationCalculationMode.cubic
/// `CAAnimationCalculationMode.cubicPaced`.
public let kCAAnimationCubicPaced = CAAnimationCalculationMode.cubicPaced
/// `CAAnimationRotationMode.rotateAuto`.
public let kCAAnimationRotateAuto = CAAnimationRotationMode.rotateAuto
/// `CAAnimationRotationMode.rotateAutoReverse`.
public let kCAAnimationRotateAutoReverse = CAAnimationRotationMode.rotateAutoReverse
/// `CATransitionType.fade`.
public let kCATransitionFade = CATransitionType.fade
/// `CATransitionType.moveIn`.
public let kCATransitionMoveIn = CATransitionType.moveIn
/// `CATransitionType.push`.
public let kCATransitionPush = CATransitionType.push
/// `CATransitionType.reveal`.
public let kCATransitionReveal = CATransitionType.reveal
/// `CATransitionSubtype.fromRight`.
public let kCATransitionFromRight = CATransitionSubtype.fromRight
/// `CATransitionSubtype.fromLeft`.
public let kCATransitionFromLeft = CATransitionSubtype.fromLeft
/// `CATransitionSubtype.fromTop`.
public let kCATransitionFromTop = CATransitionSubtype.fromTop
/// `CATransitionSubtype.fromBottom`.
public let kCATransitionFromBottom = CATransitionSubtype.fromBottom
/// `CAValueFunctionName.rotateX`.
public let kCAValueFunctionRotateX = CAValueFunctionName.rotateX
/// `CAValueFunctionName.rotateY`.
public let kCAValueFunctionRotateY = CAValueFunctionName.rotateY
/// `CAValueFunctionName.rotateZ`.
public let kCAValueFunctionRotateZ = CAValueFunctionName.rotateZ
/// `CAValueFunctionName.scale`.
public let kCAValueFunctionScale = CAValueFunctionName.scale
/// `CAValueFunctionName.scaleX`.
public let kCAValueFunctionScaleX = CAValueFunctionName.scaleX
/// `CAValueFunctionName.scaleY`.
public let kCAValueFunctionScaleY = CAValueFunctionName.scaleY
/// `CAValueFunctionName.scaleZ`.
public let kCAValueFunctionScaleZ = CAValueFunctionName.scaleZ
/// `CAValueFunctionName.translate`.
public let kCAValueFunctionTranslate = CAValueFunctionName.translate
/// `CAValueFunctionName.translateX`.
public let kCAValueFunctionTranslateX = CAValueFunctionName.translateX
/// `CAValueFunctionName.translateY`.
public let kCAValueFunctionTranslateY = CAValueFunctionName.translateY
/// `CAValueFunctionName.translateZ`.
public let kCAValueFunctionTranslateZ = CAValueFunctionName.translateZ

// MARK: - Gradient, shape, text and scroll layers

/// `CAGradientLayerType.axial`.
public let kCAGradientLayerAxial = CAGradientLayerType.axial
/// `CAGradientLayerType.radial`.
public let kCAGradientLayerRadial = CAGradientLayerType.radial
/// `CAGradientLayerType.conic`.
public let kCAGradientLayerConic = CAGradientLayerType.conic
/// `CAShapeLayerFillRule.nonZero`.
public let kCAFillRuleNonZero = CAShapeLayerFillRule.nonZero
/// `CAShapeLayerFillRule.evenOdd`.
public let kCAFillRuleEvenOdd = CAShapeLayerFillRule.evenOdd
/// `CAShapeLayerLineCap.butt`.
public let kCALineCapButt = CAShapeLayerLineCap.butt
/// `CAShapeLayerLineCap.round`.
public let kCALineCapRound = CAShapeLayerLineCap.round
/// `CAShapeLayerLineCap.square`.
public let kCALineCapSquare = CAShapeLayerLineCap.square
/// `CAShapeLayerLineJoin.miter`.
public let kCALineJoinMiter = CAShapeLayerLineJoin.miter
/// `CAShapeLayerLineJoin.round`.
public let kCALineJoinRound = CAShapeLayerLineJoin.round
/// `CAShapeLayerLineJoin.bevel`.
public let kCALineJoinBevel = CAShapeLayerLineJoin.bevel
/// `CATextLayerAlignmentMode.natural`.
public let kCAAlignmentNatural = CATextLayerAlignmentMode.natural
/// `CATextLayerAlignmentMode.left`.
public let kCAAlignmentLeft = CATextLayerAlignmentMode.left
/// `CATextLayerAlignmentMode.right`.
public let kCAAlignmentRight = CATextLayerAlignmentMode.right
/// `CATextLayerAlignmentMode.center`.
public let kCAAlignmentCenter = CATextLayerAlignmentMode.center
/// `CATextLayerAlignmentMode.justified`.
public let kCAAlignmentJustified = CATextLayerAlignmentMode.justified
/// `CATextLayerTruncationMode.none`.
public let kCATruncationNone = CATextLayerTruncationMode.none
/// `CATextLayerTruncationMode.start`.
public let kCATruncationStart = CATextLayerTruncationMode.start
/// `CATextLayerTruncationMode.end`.
public let kCATruncationEnd = CATextLayerTruncationMode.end
/// `CATextLayerTruncationMode.middle`.
public let kCATruncationMiddle = CATextLayerTruncationMode.middle
/// `CAScrollLayerScrollMode.none`.
public let kCAScrollNone = CAScrollLayerScrollMode.none
/// `CAScrollLayerScrollMode.vertically`.
public let kCAScrollVertically = CAScrollLayerScrollMode.vertically
/// `CAScrollLayerScrollMode.horizontally`.
public let kCAScrollHorizontally = CAScrollLayerScrollMode.horizontally
/// `CAScrollLayerScrollMode.both`.
public let kCAScrollBoth = CAScrollLayerScrollMode.both
