import Foundation
import HatchMQTT

/// A reusable load generator: opens many sessions against one broker from this process and measures
/// how long connecting all of them took and how much resident memory each costs. Used by the
/// benchmarks and by load commands.
public enum MQTTLoadTest {
    /// What ``connectSessions(count:broker:clientIDPrefix:eventLoop:configure:)`` measured.
    public struct ConnectReport: Sendable, CustomStringConvertible {
        /// Sessions attempted.
        public let attempted: Int
        /// Sessions that reached `.connected`.
        public let connected: Int
        /// The distinct connect errors, with how many sessions hit each.
        public let failures: [String: Int]
        /// Wall-clock time from the first connect call until every attempt finished.
        public let duration: Duration
        /// Growth of the process's resident memory while creating and connecting the sessions,
        /// divided by the number of sessions.
        public let residentBytesPerSession: Int

        public var description: String {
            let failed = failures.isEmpty ? "" : ", failures: \(failures)"
            return "\(connected)/\(attempted) sessions connected in \(duration), \(residentBytesPerSession) resident bytes per session\(failed)"
        }
    }

    /// Creates `count` sessions with client ids `"<prefix>-<n>"` and connects them all concurrently.
    /// The sessions are returned (connected or not) so the caller decides how long they live.
    public static func connectSessions(
        count: Int,
        broker: MQTTBrokerURL,
        clientIDPrefix: String = "load",
        eventLoop: MQTTEventLoop = .shared,
        configure: @Sendable (inout MQTTConfiguration) -> Void = { _ in }
    ) async -> (sessions: [MQTTSession], report: ConnectReport) {
        FileDescriptorLimit.raise()
        let residentBefore = residentMemoryBytes
        let clock = ContinuousClock()
        let start = clock.now
        let sessions = (0..<max(0, count)).map { index in
            var configuration = MQTTConfiguration(broker: broker, clientID: "\(clientIDPrefix)-\(index)")
            configure(&configuration)
            return MQTTSession(configuration: configuration, eventLoop: eventLoop)
        }
        let failures = await withTaskGroup(of: String?.self) { group in
            for session in sessions {
                group.addTask {
                    do {
                        try await session.connect()
                        return nil
                    } catch {
                        return String(describing: error)
                    }
                }
            }
            return await group.reduce(into: [String: Int]()) { counts, failure in
                if let failure { counts[failure, default: 0] += 1 }
            }
        }
        let duration = start.duration(to: clock.now)
        let grown = max(0, residentMemoryBytes - residentBefore)
        let report = ConnectReport(
            attempted: sessions.count,
            connected: sessions.count - failures.values.reduce(0, +),
            failures: failures,
            duration: duration,
            residentBytesPerSession: sessions.isEmpty ? 0 : grown / sessions.count
        )
        return (sessions, report)
    }

    /// The process's resident set size in bytes (from `/proc` on Linux, the kernel's task info on
    /// Darwin); 0 when it cannot be read.
    public static var residentMemoryBytes: Int { ProcessResources.residentMemoryBytes }
}
