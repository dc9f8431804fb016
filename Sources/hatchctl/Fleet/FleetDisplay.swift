import Foundation
import HatchDeviceSimulator
import HatchFleetService

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
            console.stream(FleetStatusLine(progress)) { "" }
        } else if interactive {
            statusLine(progress.bar())
        }
    }

    func connected(_ status: FleetStatus, after elapsed: Duration) {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        if console.json {
            console.stream(FleetStatusLine(event: "connected", status: status, seconds: seconds)) { "" }
        } else if interactive {
            Console.write("\r\u{1B}[2K", to: .standardError)
        }
    }

    func status(_ status: FleetStatus) {
        if console.json {
            console.stream(FleetStatusLine(event: "status", status: status)) { "" }
        } else if interactive {
            statusLine("\(status.summary) · simulated \(status.simulatedTime.formatted(.iso8601))")
        }
    }

    /// Clears the live line before shutdown logs its progress.
    func stopping() {
        if !console.json, interactive { Console.write("\r\u{1B}[2K", to: .standardError) }
    }

    func stopped(_ status: FleetStatus) {
        if console.json { console.stream(FleetStatusLine(event: "stopped", status: status)) { "" } }
    }

    /// Rewrites the live line on the terminal (log lines clear it before they print).
    private func statusLine(_ text: String) {
        Console.write("\r\u{1B}[2K" + text, to: .standardError)
    }
}
