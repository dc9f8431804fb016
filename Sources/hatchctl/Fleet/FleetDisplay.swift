import Foundation
import HatchDeviceSimulator

/// What `fleet run` shows: a progress bar while devices connect, then one live status line (text),
/// or one JSON object per line (`--json`) for scripts.
struct FleetDisplay: Sendable {
    let console: Console
    private let interactive = isatty(STDERR_FILENO) == 1

    init(console: Console) {
        self.console = console
    }

    func progress(_ progress: FleetProgress) {
        if console.json {
            console.stream(ProgressLine(connected: progress.connected, failed: progress.failed, total: progress.total)) { "" }
            return
        }
        let width = 30
        let done = progress.total == 0 ? width : width * (progress.connected + progress.failed) / progress.total
        let bar = String(repeating: "█", count: done) + String(repeating: "·", count: width - done)
        let failed = progress.failed > 0 ? " (\(progress.failed) failed, retrying)" : ""
        statusLine("connecting [\(bar)] \(progress.connected)/\(progress.total)\(failed)", final: !interactive)
    }

    func connected(_ status: FleetStatus, after elapsed: Duration) {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        if console.json {
            console.stream(StatusLine(event: "connected", status: status, seconds: seconds)) { "" }
        } else {
            statusLine(String(format: "%d/%d devices online in %.2f s — Ctrl-C stops the fleet", status.online, status.devices, seconds), final: true)
        }
    }

    func status(_ status: FleetStatus) {
        if console.json {
            console.stream(StatusLine(event: "status", status: status, seconds: nil)) { "" }
        } else if interactive {
            statusLine("\(status.summary) · simulated \(status.simulatedTime.formatted(.iso8601))", final: false)
        }
    }

    func event(_ event: FleetEvent) {
        if console.json {
            console.stream(EventLine(event: "fault", message: event.description)) { "" }
        } else {
            statusLine("• \(event.description)", final: true)
        }
    }

    func stopping(reason: ShutdownSignal.Reason) {
        if !console.json { statusLine("stopping (\(reason.rawValue)): devices go offline cleanly, state is saved", final: true) }
    }

    func stopped(_ status: FleetStatus) {
        if console.json {
            console.stream(StatusLine(event: "stopped", status: status, seconds: nil)) { "" }
        } else {
            statusLine("fleet stopped: \(status.messagesIn) messages in, \(status.messagesOut) out, \(status.faults) faults", final: true)
        }
    }

    /// Rewrites the live line on a terminal; prints plain lines otherwise (logs, pipes).
    private func statusLine(_ text: String, final: Bool) {
        if interactive {
            Console.write("\r\u{1B}[2K" + text + (final ? "\n" : ""), to: .standardError)
        } else {
            Console.write(text + "\n", to: .standardError)
        }
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

    private struct EventLine: Encodable {
        let event: String
        let message: String
    }
}
