import Foundation
import Synchronization

/// The readiness mechanism an ``MQTTEventLoop``'s threads block in.
///
/// Both backends give the same guarantees: write interest only while libmosquitto has bytes to
/// write, a bounded number of concurrent connects per thread, wake-ups without busy loops, and the
/// open-file limit raised. The default is ``epoll`` on Linux and ``poll`` elsewhere; the environment
/// variable `HATCH_MQTT_EVENT_LOOP=poll` (or `epoll`) overrides it for loops created without an
/// explicit backend, which is how `make test-portable` runs the suites on the portable backend.
public enum MQTTEventLoopBackend: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Linux epoll with an eventfd for wake-ups.
    case epoll
    /// poll(2) over a compact descriptor array with a self-pipe for wake-ups; Linux and Darwin.
    case poll

    /// The name of the environment variable that selects a backend.
    public static let environmentVariable = "HATCH_MQTT_EVENT_LOOP"

    /// The backend this platform uses when nothing else is asked for.
    public static var platformDefault: MQTTEventLoopBackend {
        #if os(Linux)
        .epoll
        #else
        .poll
        #endif
    }

    /// Whether this platform has the backend.
    public var isAvailable: Bool {
        #if os(Linux)
        true
        #else
        self == .poll
        #endif
    }

    /// The backend's name, as `HATCH_MQTT_EVENT_LOOP` spells it.
    public var description: String { rawValue }

    /// The backend `HATCH_MQTT_EVENT_LOOP` selects, or the platform default when it is unset or
    /// empty. A value that names no backend available here falls back to the default; the first
    /// such fallback in a process writes one line to standard error saying so.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> MQTTEventLoopBackend {
        switch resolve(environment[environmentVariable]) {
        case .success(let backend):
            return backend
        case .failure(let problem):
            if !reportedProblem.exchange(true, ordering: .relaxed) {
                let line = "HatchMQTT: \(problem); using the \(platformDefault) event loop\n"
                FileHandle.standardError.write(Data(line.utf8))
            }
            return platformDefault
        }
    }

    /// Reads a `HATCH_MQTT_EVENT_LOOP` value: nil or empty means the platform default.
    public static func resolve(_ value: String?) -> Result<MQTTEventLoopBackend, MQTTEventLoopBackendError> {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            return .success(platformDefault)
        }
        guard let backend = MQTTEventLoopBackend(rawValue: value.lowercased()) else {
            return .failure(.unknown(value))
        }
        guard backend.isAvailable else { return .failure(.unavailable(backend)) }
        return .success(backend)
    }

    private static let reportedProblem = Atomic<Bool>(false)

    /// A new poller of this kind, for one loop thread.
    func makePoller() -> any SocketPoller {
        switch self {
        case .poll:
            return PollPoller()
        case .epoll:
            #if os(Linux)
            return EpollPoller()
            #else
            return PollPoller()
            #endif
        }
    }
}
