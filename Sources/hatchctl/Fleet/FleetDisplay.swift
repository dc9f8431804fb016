import Foundation
import HatchDeviceSimulator

/// What `fleet run` shows besides its log: on a terminal, a progress bar while devices connect, then
/// one live status line that log lines scroll above; with `--json`, one status object per line on
/// standard output for scripts (progress, connected, status every second, stopped).
///
/// Events (devices online, faults, alarms, shutdown) are log lines, never printed here: piped
/// standard error carries only the log.
struct FleetDisplay: Sendable {
    let console: Console
    private let interactive = isatty(STDERR_FILENO) == 1

    /// Creates the display of `fleet run`, written through `console`.
    init(console: Console) {
        self.console = console
    }

    func progress(_ progress: FleetProgress) {
        if console.json {
            console.stream(ProgressLine(connected: progress.connected, failed: progress.failed, total: progress.total)) { "" }
            return
        }
        guard interactive else { return }
        let width = 30
        let done = progress.total == 0 ? width : width * (progress.connected + progress.failed) / progress.total
        let bar = String(repeating: "█", count: done) + String(repeating: "·", count: width - done)
        let failed = progress.failed > 0 ? " (\(progress.failed) failed, retrying)" : ""
        statusLine("connecting [\(bar)] \(progress.connected)/\(progress.total)\(failed)")
    }

    func connected(_ status: FleetStatus, after elapsed: Duration) {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        if console.json {
            console.stream(StatusLine(event: "connected", status: status, seconds: seconds)) { "" }
        } else if interactive {
            Console.write("\r\u{1B}[2K", to: .standardError)
        }
    }

    func status(_ status: FleetStatus) {
        if console.json {
            console.stream(StatusLine(event: "status", status: status, seconds: nil)) { "" }
        } else if interactive {
            statusLine("\(status.summary) · simulated \(status.simulatedTime.formatted(.iso8601))")
        }
    }

    /// Clears the live line before shutdown logs its progress.
    func stopping() {
        if !console.json, interactive { Console.write("\r\u{1B}[2K", to: .standardError) }
    }

    func stopped(_ status: FleetStatus) {
        if console.json { console.stream(StatusLine(event: "stopped", status: status, seconds: nil)) { "" } }
    }

    /// Rewrites the live line on the terminal (log lines clear it before they print).
    private func statusLine(_ text: String) {
        Console.write("\r\u{1B}[2K" + text, to: .standardError)
    }

    private struct ProgressLine: Encodable {
        var event = "progress"
        let connected: Int
        let failed: Int
        let total: Int
    }

    private struct StatusLine: Encodable {
        let event: String
        let devices: Int
        let online: Int
        let messagesPerSecond: Double
        let messagesIn: Int
        let messagesOut: Int
        let faults: Int
        let simulatedTime: Date
        let connectSeconds: Double?

        init(event: String, status: FleetStatus, seconds: Double?) {
            self.event = event
            devices = status.devices
            online = status.online
            messagesPerSecond = (status.messagesPerSecond * 10).rounded() / 10
            messagesIn = status.messagesIn
            messagesOut = status.messagesOut
            faults = status.faults
            simulatedTime = status.simulatedTime
            connectSeconds = seconds
        }
    }
}
