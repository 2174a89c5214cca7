import Foundation

/// Per-layer layout bookkeeping. Not copied to presentation layers.
struct LayoutState {
    /// `setNeedsLayout()` was called and `layoutSublayers()` has not run since.
    var needsLayout = false
    /// A descendant needs layout: lets `layoutSubtreeIfNeeded()` skip clean subtrees.
    var descendantNeedsLayout = false
}

// MARK: - Marking and laying out

extension CALayer {
    /// Marks the layer for layout: the next `layoutIfNeeded()` — run for the tree before every frame the
    /// engine steps or draws — calls `layoutSublayers()`. A new bounds size and a sublayer added or removed
    /// mark it too, as in Core Animation.
    public func setNeedsLayout() {
        guard !layoutState.needsLayout else { return }
        layoutState.needsLayout = true
        markAncestorsForLayout()
    }

    /// Tells the superlayers that something beneath them needs layout (also when a marked layer joins a tree).
    func markAncestorsForLayout() {
        var p = parent
        while let l = p, !l.layoutState.descendantNeedsLayout {
            l.layoutState.descendantNeedsLayout = true
            p = l.parent
        }
    }

    /// Whether the layer is marked for layout.
    public func needsLayout() -> Bool { layoutState.needsLayout }

    /// Lays out now what is marked, as Core Animation does: from the highest superlayer that needs layout,
    /// every marked layer of the tree beneath it, superlayers before their sublayers.
    public func layoutIfNeeded() {
        var top: CALayer = self
        while let p = top.parent, p.layoutState.needsLayout { top = p }
        top.layoutSubtreeIfNeeded()
    }

    /// Runs `layoutSublayers()` on every marked layer of this subtree, superlayers first, skipping subtrees
    /// with nothing marked; a layer marked again during its own layout is laid out again, at most
    /// `maximumLayoutPasses` times. Returns the number of layouts run. The engine calls it on its root
    /// layer before every frame.
    @discardableResult
    package func layoutSubtreeIfNeeded() -> Int {
        var count = 0
        var passes = 0
        while layoutState.needsLayout && passes < CALayer.maximumLayoutPasses {
            layoutState.needsLayout = false
            layoutSublayers()
            count += 1
            passes += 1
        }
        // A layout that keeps asking for itself stops here rather than hanging the frame.
        layoutState.needsLayout = false
        if layoutState.descendantNeedsLayout {
            layoutState.descendantNeedsLayout = false
            for child in children { count += child.layoutSubtreeIfNeeded() }
        }
        return count
    }

    /// How many times one `layoutSubtreeIfNeeded()` lays out a layer that marks itself again during its
    /// own layout (for example by setting its bounds to a new size each time).
    public static let maximumLayoutPasses = 8
}
