import Foundation
import Synchronization

/// When each device of a fleet next has work to do, in one array of atomic slots. The scheduler
/// reads 8 contiguous bytes per device to find those that are due, where reading each device's own
/// state cost a retain, a lock and a cache miss per device every tick; a device writes its slot
/// after each piece of work.
final class DueTimes: Sendable {
    /// One slot per device: a simulated time as the bit pattern of its `timeIntervalSinceReferenceDate`.
    private nonisolated(unsafe) let slots: UnsafeMutablePointer<Atomic<UInt64>>
    /// The number of slots.
    let count: Int

    /// `count` slots, all due at the distant past (every device is looked at once).
    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: max(1, count))
        for index in 0..<count { (slots + index).initialize(to: Atomic(Self.encode(.distantPast))) }
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    /// When slot `index` is next due.
    func due(_ index: Int) -> Date {
        precondition(index >= 0 && index < count, "due time slot out of range")
        return Date(timeIntervalSinceReferenceDate: Double(bitPattern: slots[index].load(ordering: .relaxed)))
    }

    /// Whether slot `index` is due at `now` (no `Date` is made).
    func isDue(_ index: Int, at now: Date) -> Bool {
        precondition(index >= 0 && index < count, "due time slot out of range")
        return Double(bitPattern: slots[index].load(ordering: .relaxed)) <= now.timeIntervalSinceReferenceDate
    }

    /// Sets when slot `index` is next due.
    func set(_ index: Int, to date: Date) {
        precondition(index >= 0 && index < count, "due time slot out of range")
        slots[index].store(Self.encode(date), ordering: .relaxed)
    }

    private static func encode(_ date: Date) -> UInt64 { date.timeIntervalSinceReferenceDate.bitPattern }
}
