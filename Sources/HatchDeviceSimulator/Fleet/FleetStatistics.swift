import Synchronization

/// Counters shared by every device of a fleet, updated without locks.
public final class FleetStatistics: Sendable {
    /// Messages received (by devices, and by the fleet's own session: requests for devices that are
    /// away, control requests), by kind.
    public let received = MessageCounters()
    /// Messages published (by devices, and by the fleet's own session), by kind.
    public let published = MessageCounters()
    /// Payload bytes of the messages published by devices.
    public let bytesOut = Atomic<Int>(0)
    /// Devices connected now.
    public let online = Atomic<Int>(0)
    /// Faults injected so far (per device).
    public let faults = Atomic<Int>(0)
    /// Publish calls that failed (e.g. while reconnecting).
    public let publishFailures = Atomic<Int>(0)

    /// Fresh counters.
    public init() {}

    /// Messages received so far, all kinds.
    public var messagesIn: Int { received.total }

    /// Messages published so far, all kinds.
    public var messagesOut: Int { published.total }
}
