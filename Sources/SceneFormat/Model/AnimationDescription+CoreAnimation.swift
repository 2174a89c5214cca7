import Foundation
import LayerKit

/// Building Core Animation objects from scene descriptions: one property per key, nothing to decide.
extension AnimationDescription {
    /// The CAAnimation this description describes. A non-zero `beginTime` is measured from the scene's
    /// start, so it is shifted by `sceneStartTime` (the media time at which the scene started); 0 stays
    /// 0 ("when added"). Children of groups keep their times (they are relative to the group).
    public func makeAnimation(sceneStartTime: CFTimeInterval = 0) -> CAAnimation {
        let animation: CAAnimation
        switch kind {
        case .basic, .spring:
            let basic = kind == .spring ? CASpringAnimation() : CABasicAnimation()
            basic.fromValue = fromValue
            basic.toValue = toValue
            basic.byValue = byValue
            if let spring = basic as? CASpringAnimation {
                spring.mass = CGFloat(mass)
                spring.stiffness = CGFloat(stiffness)
                spring.damping = CGFloat(damping)
                spring.initialVelocity = CGFloat(initialVelocity)
            }
            animation = basic
        case .keyframe:
            let keyframe = CAKeyframeAnimation()
            keyframe.values = values
            keyframe.path = path
            keyframe.keyTimes = keyTimes?.map { NSNumber(value: $0) }
            keyframe.timingFunctions = timingFunctions?.map(\.mediaTimingFunction)
            keyframe.calculationMode = CAAnimationCalculationMode(rawValue: calculationMode.rawValue)
            keyframe.rotationMode = rotationMode.map { CAAnimationRotationMode(rawValue: $0.rawValue) }
            keyframe.tensionValues = tensionValues?.map { NSNumber(value: $0) }
            keyframe.continuityValues = continuityValues?.map { NSNumber(value: $0) }
            keyframe.biasValues = biasValues?.map { NSNumber(value: $0) }
            animation = keyframe
        case .group:
            let group = CAAnimationGroup()
            group.animations = animations.map { $0.makeAnimation() }
            animation = group
        case .transition:
            let transition = CATransition()
            transition.type = CATransitionType(rawValue: transitionType.rawValue)
            transition.subtype = subtype.map { CATransitionSubtype(rawValue: $0.rawValue) }
            transition.startProgress = Float(startProgress)
            transition.endProgress = Float(endProgress)
            animation = transition
        }
        if let property = animation as? CAPropertyAnimation {
            property.keyPath = keyPath
            property.isAdditive = isAdditive
            property.isCumulative = isCumulative
        }
        animation.mediaTiming = timing
        if timing.beginTime != 0 { animation.beginTime = timing.beginTime + sceneStartTime }
        animation.timingFunction = timingFunction?.mediaTimingFunction
        animation.isRemovedOnCompletion = isRemovedOnCompletion
        return animation
    }
}

extension TimingFunctionDescription {
    /// The Core Animation timing function.
    public var mediaTimingFunction: CAMediaTimingFunction {
        switch self {
        case .named(let name): return CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: name.rawValue))
        case .controlPoints(let a, let b, let c, let d):
            return CAMediaTimingFunction(controlPoints: Float(a), Float(b), Float(c), Float(d))
        }
    }
}

extension Scene {
    /// Adds every animation of the scene to its layer, under its key, in document order. Throws the
    /// first `AnimationError` (the loader's checks make one unlikely).
    public func addAnimations(sceneStartTime: CFTimeInterval = 0) throws {
        for entry in animations {
            try entry.layer.addAnimation(
                entry.animation.makeAnimation(sceneStartTime: sceneStartTime), forKey: entry.key)
        }
    }
}
