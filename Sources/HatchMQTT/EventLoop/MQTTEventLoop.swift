import Foundation
import Synchronization

/// The threads that drive many ``MQTTSession``s: each thread runs one readiness loop (epoll or
/// poll, see ``MQTTEventLoopBackend``) over the sockets of the sessions assigned to it
/// (round-robin), calling `mosquitto_loop_read/write/misc`.
///
/// libmosquitto's own `loop_start` spends a thread per client and its `select()` stops at 1,024
/// descriptors; one `MQTTEventLoop` holds tens of thousands of sessions on a few threads. Threads
/// start on first use and run for the life of the loop; `shared` lives as long as the process.
public final class MQTTEventLoop: Sendable {
    /// The process-wide loop sessions use by default: one thread per two cores, between one and four.
    public static let shared = MQTTEventLoop(threads: max(1, min(4, ProcessInfo.processInfo.activeProcessorCount / 2)))

    private let threads: [EventLoopThread]
    private let nextThread = Atomic<Int>(0)

    /// The readiness mechanism this loop's threads use, fixed when the loop is created.
    public let backend: MQTTEventLoopBackend

    /// Creates a loop with `threads` threads (at least one). Raises the process's open-file soft
    /// limit to its hard limit, since every session needs a descriptor.
    ///
    /// - Parameters:
    ///   - threads: how many event-loop threads share the sessions (at least one is started).
    ///   - backend: the readiness mechanism; `nil` reads `HATCH_MQTT_EVENT_LOOP` once, now, and falls
    ///     back to ``MQTTEventLoopBackend/platformDefault`` (see
    ///     ``MQTTEventLoopBackend/fromEnvironment(_:)``). A backend this platform lacks (epoll outside
    ///     Linux) is replaced by the default.
    public init(threads: Int = 1, backend: MQTTEventLoopBackend? = nil) {
        MosquittoLibrary.initialize()
        FileDescriptorLimit.raise()
        let requested = backend ?? MQTTEventLoopBackend.fromEnvironment()
        let backend = requested.isAvailable ? requested : .platformDefault
        self.backend = backend
        self.threads = (0..<max(1, threads)).map {
            EventLoopThread(name: "hatch-mqtt-loop-\($0)", poller: backend.makePoller())
        }
        self.threads.forEach { $0.start() }
    }

    deinit {
        threads.forEach { $0.stop() }
    }

    /// The number of loop threads.
    public var threadCount: Int { threads.count }

    /// The thread the next session is assigned to.
    func nextLoopThread() -> EventLoopThread {
        let index = nextThread.add(1, ordering: .relaxed).oldValue
        return threads[index % threads.count]
    }
}
