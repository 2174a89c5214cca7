import Foundation
import LayerKit

/// One display refresh as a driver reports it.
package struct VSync: Equatable, Sendable {
    /// The time of this refresh, seconds of the engine clock.
    package var timestamp: CFTimeInterval
    /// The time of the next refresh, seconds.
    package var targetTimestamp: CFTimeInterval
    /// The display's nominal refresh period, seconds.
    package var refreshPeriod: CFTimeInterval

    /// A refresh at `timestamp`, the next at `targetTimestamp`, nominal period `refreshPeriod`.
    package init(timestamp: CFTimeInterval, targetTimestamp: CFTimeInterval, refreshPeriod: CFTimeInterval) {
        self.timestamp = timestamp
        self.targetTimestamp = targetTimestamp
        self.refreshPeriod = refreshPeriod
    }
}

/// A source of display refreshes that fires display links: the headless `VirtualDisplayLink`, and the
/// window's vsync link (SDLHost). A driver owns a `DisplayLinkList` and calls `links.fire(_:)` once per
/// refresh, after moving the engine clock to the refresh's timestamp; everything else (frame intervals,
/// pausing, invalidation inside callbacks) is handled by the list and the links. Only the package makes
/// drivers (a `DisplayLinkList` is made and fired inside it); programs pass one to `CADisplayLink.add(to:)`.
public protocol DisplayLinkDriver: AnyObject {
    /// The display's nominal refresh period, seconds (the links' `duration`).
    var refreshPeriod: CFTimeInterval { get }
    /// The links this driver fires.
    var links: DisplayLinkList { get }
}

/// The display links attached to one driver, fired in the order they were added.
public final class DisplayLinkList {
    private(set) var links: [CADisplayLink] = []

    /// An empty list.
    package init() {}

    /// The number of attached links.
    package var count: Int { links.count }

    func attach(_ link: CADisplayLink) {
        if !links.contains(where: { $0 === link }) { links.append(link) }
    }

    func detach(_ link: CADisplayLink) {
        links.removeAll { $0 === link }
    }

    /// Fires every attached link that is due at this refresh. Links invalidated during the callbacks
    /// (even by themselves) are not called afterwards; links added during the callbacks first fire at the
    /// next refresh.
    package func fire(_ vsync: VSync) {
        let snapshot = links
        for link in snapshot where link.isAttached(to: self) {
            link.handle(vsync)
        }
    }
}
