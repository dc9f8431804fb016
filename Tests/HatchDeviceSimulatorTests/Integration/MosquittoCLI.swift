import Foundation
import HatchMosquittoBroker
import HatchDeviceModel
import HatchctlTestSupport

/// The `mosquitto_sub` / `mosquitto_pub` command-line clients: a raw MQTT client that shares no
/// code with the project, so integration tests see exactly what is on the wire.
final class RawSubscriber: Sendable {
    private let process: ChildProcess
    private let output: OutputLines
    private let count: Int

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// The raw output so far (for failure messages).
    var transcript: String { output.all.joined(separator: "\n") }

    /// Starts `mosquitto_sub` for `topics`; it exits after `count` messages or `timeout` seconds.
    init(port: Int, topics: [String], count: Int, timeout: Int = 20) throws {
        self.count = count
        process = ChildProcess()
        // Line-buffered, so every message is visible as soon as it arrives.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/stdbuf")
        var arguments = ["-oL", "/usr/bin/mosquitto_sub", "-h", "127.0.0.1", "-p", String(port), "-d", "-v", "-C", String(count), "-W", String(timeout)]
        for topic in topics { arguments += ["-t", topic] }
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        output = OutputLines(pipe)
        try process.run()
    }

    /// Waits until the broker acknowledged the subscription (debug output shows SUBACK); throws when
    /// the client exits first or never sees it (60 s, the guard for a busy machine).
    func waitUntilSubscribed() async throws {
        _ = try await eventually("SUBACK for mosquitto_sub", within: .seconds(60), interval: .milliseconds(10),
                                 describe: { transcript }) {
            if output.all.contains(where: { $0.contains("SUBACK") }) { return true }
            guard process.isRunning else { throw RawClientError.exited(transcript) }
            return nil
        }
    }

    /// Waits for the process to end (at most `limit`; the test process may block the SIGALRM
    /// that `-W` relies on, so the wait is bounded here) and returns the received messages, in order.
    func messages(limit: Duration = .seconds(20)) async throws -> [(topic: String, payload: JSONValue)] {
        let deadline = ContinuousClock.now.advanced(by: limit)
        while process.isRunning, parsed().count < count, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        // The process may end before its last lines are read from the pipe: wait for its end (bounded).
        if parsed().count < count { _ = await output.waitForEnd(timeout: 5) }
        return parsed()
    }

    private func parsed() -> [(topic: String, payload: JSONValue)] {
        output.all.compactMap { line -> (String, JSONValue)? in
            guard !line.hasPrefix("Client "), !line.hasPrefix("Subscribed"), let space = line.firstIndex(of: " ") else { return nil }
            let topic = String(line[..<space])
            guard let payload = try? JSONValue(json: String(line[line.index(after: space)...])) else { return nil }
            return (topic, payload)
        }
    }
}

enum RawClientError: Error {
    case exited(String)
}

/// Publishes one message with `mosquitto_pub`.
func rawPublish(port: Int, topic: String, payload: String, retain: Bool = false) throws {
    let process = ChildProcess()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/mosquitto_pub")
    process.arguments = ["-h", "127.0.0.1", "-p", String(port), "-q", "1", "-t", topic, "-m", payload] + (retain ? ["-r"] : [])
    try process.run()
    process.waitUntilExit()
}
