import Synchronization

/// Counters shared by every device of a fleet, updated without locks.
public final class FleetStatistics: Sendable {
    /// Messages received by devices.
    public let messagesIn = Atomic<Int>(0)
    /// Messages published by devices.
    public let messagesOut = Atomic<Int>(0)
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
}
