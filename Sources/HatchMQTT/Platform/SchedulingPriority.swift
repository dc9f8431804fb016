#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The nice value a process runs at. A simulator on the same processors as its broker runs below
/// the broker's priority so the broker reads each socket soon after a device writes it: when the
/// broker waits for a time slice instead, the kernel holds every unread payload in pages that have
/// left the processor's cache, and each write after it costs the writer several times as much.
package enum SchedulingPriority {
    /// Nice values a process may always move to (lower priority than the default 0).
    package static let lowerRange: ClosedRange<Int32> = 0...19

    /// The nice value of the calling thread (Linux) or process; 0 when it cannot be read.
    package static var current: Int32 { nice(ofThreadOrProcess: 0) ?? 0 }

    /// The nice value of another process (a broker), or nil when it cannot be read.
    package static func nice(of pid: Int32) -> Int32? { nice(ofThreadOrProcess: pid) }

    /// Moves every thread of this process that runs above `nice` down to it, and returns the value
    /// the calling thread runs at afterwards. Threads started later inherit it from the thread that
    /// starts them. Never raises a priority, so it needs no privilege; a `nice` outside
    /// ``lowerRange`` is clamped to it.
    @discardableResult
    package static func lower(to nice: Int32) -> Int32 {
        let target = min(max(nice, lowerRange.lowerBound), lowerRange.upperBound)
        #if os(Linux)
        // On Linux each thread has its own nice value, and `setpriority` on the process id sets the main thread's only.
        // A thread not yet lowered may start another while the list is walked, so walk it again until
        // a walk finds none above the target: every thread started after that inherits it.
        for _ in 0..<10 {
            var lowered = 0
            for thread in ProcessResources.threadIdentifiers where (self.nice(ofThreadOrProcess: thread) ?? target) < target {
                if setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(thread), target) == 0 { lowered += 1 }
            }
            if lowered == 0 { break }
        }
        #elseif canImport(Darwin)
        if current < target { _ = setpriority(PRIO_PROCESS, 0, target) }
        #endif
        return current
    }

    private static func nice(ofThreadOrProcess id: Int32) -> Int32? {
        // -1 is both a valid nice value and the error return: only errno tells them apart.
        errno = 0
        #if os(Linux)
        let value = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(id))
        #else
        let value = getpriority(PRIO_PROCESS, id_t(id))
        #endif
        return errno == 0 ? value : nil
    }
}
