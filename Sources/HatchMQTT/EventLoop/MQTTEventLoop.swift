import Foundation
import Synchronization

/// The threads that drive many ``MQTTSession``s: each thread runs one epoll loop over the sockets of
/// the sessions assigned to it (round-robin), calling `mosquitto_loop_read/write/misc`.
///
/// libmosquitto's own `loop_start` spends a thread per client and its `select()` stops at 1,024
/// descriptors; one `MQTTEventLoop` holds tens of thousands of sessions on a few threads. Threads
/// start on first use and run for the life of the loop; `shared` lives as long as the process.
public final class MQTTEventLoop: Sendable {
    /// The process-wide loop sessions use by default: one thread per two cores, between one and four.
    public static let shared = MQTTEventLoop(threads: max(1, min(4, ProcessInfo.processInfo.activeProcessorCount / 2)))

    private let threads: [EventLoopThread]
    private let nextThread = Atomic<Int>(0)

    /// Creates a loop with `threads` epoll threads (at least one). Raises the process's open-file
    /// soft limit to its hard limit, since every session needs a descriptor.
    public init(threads: Int = 1) {
        MosquittoLibrary.initialize()
        FileDescriptorLimit.raise()
        let count = max(1, threads)
        self.threads = (0..<count).map { EventLoopThread(name: "hatch-mqtt-loop-\($0)") }
        self.threads.forEach { $0.start() }
    }

    deinit {
        threads.forEach { $0.stop() }
    }

    /// The number of epoll threads.
    public var threadCount: Int { threads.count }

    /// The thread the next session is assigned to.
    func nextLoopThread() -> EventLoopThread {
        let index = nextThread.add(1, ordering: .relaxed).oldValue
        return threads[index % threads.count]
    }
}
