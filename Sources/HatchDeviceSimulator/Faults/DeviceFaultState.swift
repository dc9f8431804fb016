import Foundation

/// The faults currently active on one device.
public struct DeviceFaultState: Sendable, Hashable {
    /// Shadow updates still to reject with 503.
    public var rejectUpdatesRemaining = 0
    /// Delay before each reply.
    public var replyDelay: Duration = .zero
    /// Real time when the reply delay ends (`nil` = until cleared).
    public var replyDelayEnds: Date?
    /// Share of incoming requests to drop.
    public var dropShare = 0.0
    /// Real time when dropping ends (`nil` = until cleared).
    public var dropEnds: Date?

    /// No faults.
    public init() {}

    /// The delay to apply now.
    public func currentReplyDelay(now: Date) -> Duration {
        if let end = replyDelayEnds, now >= end { return .zero }
        return replyDelay
    }

    /// The drop share in effect now.
    public func currentDropShare(now: Date) -> Double {
        if let end = dropEnds, now >= end { return 0 }
        return dropShare
    }
}
