import Foundation
import HatchFleetProbes

/// What `hatchctl fleet chaos` measured, and which of its invariants failed (none when it passed).
package struct ChaosReport: Codable, Sendable {
    /// One broker restart (after SIGKILL) or hang (after SIGCONT).
    package struct Recovery: Codable, Sendable {
        /// `kill` or `hang`.
        package var fault: String
        /// Devices that lost their connection.
        package var devicesDisconnected: Int
        /// Seconds from the restart (or SIGCONT) until the last device was online again; nil if one never was.
        package var allOnlineSeconds: Double? = nil
        /// Devices still offline at the deadline.
        package var devicesNotBack: Int

        /// Creates one broker restart.
        package init(fault: String, devicesDisconnected: Int, allOnlineSeconds: Double? = nil, devicesNotBack: Int) {
            self.fault = fault
            self.devicesDisconnected = devicesDisconnected
            self.allOnlineSeconds = allOnlineSeconds
            self.devicesNotBack = devicesNotBack
        }
    }

    /// One SIGKILL of the fleet process.
    package struct FleetKill: Codable, Sendable {
        /// Devices whose last will (offline presence) the broker published within 1.5 × keep-alive.
        package var offlineByWillInTime: Int
        /// Seconds from the kill until the last will arrived, slowest device.
        package var lastWillMaxSeconds: Double? = nil
        /// State files that could not be read after the kill (half-written).
        package var unreadableStateFiles: [String]
        /// Seconds from the restart until every device was online.
        package var allOnlineSeconds: Double? = nil
        /// Devices whose settings were compared with the last command accepted for them.
        package var devicesChecked: Int
        /// Devices whose settings differ from what was last accepted (with what differs).
        package var settingsMismatches: [String]

        /// Creates one SIGKILL of the fleet process.
        package init(
            offlineByWillInTime: Int,
            lastWillMaxSeconds: Double? = nil,
            unreadableStateFiles: [String],
            allOnlineSeconds: Double? = nil,
            devicesChecked: Int,
            settingsMismatches: [String]
        ) {
            self.offlineByWillInTime = offlineByWillInTime
            self.lastWillMaxSeconds = lastWillMaxSeconds
            self.unreadableStateFiles = unreadableStateFiles
            self.allOnlineSeconds = allOnlineSeconds
            self.devicesChecked = devicesChecked
            self.settingsMismatches = settingsMismatches
        }
    }

    package var devices: Int
    package var keepAliveSeconds: Int
    package var commandsPerSecond: Double
    package var speed: Double
    package var durationSeconds: Double = 0

    /// The command accounting.
    package var commands = CommandLedger.Totals()
    /// Examples of duplicated and lost commands (empty when none).
    package var duplicatedExamples: [String] = []
    package var lostExamples: [String] = []

    package var brokerKills = 0
    package var brokerKillsSurvived = 0
    package var recoveries: [Recovery] = []
    /// Over every device and every broker restart and hang: seconds until the device was back.
    package var recoveryMaxSeconds: Double?
    package var recoveryP99Seconds: Double?
    /// Times the chaos client's own session lost its connection.
    package var clientConnectionLosses = 0

    package var hangSeconds: Double = 0
    /// Devices that noticed the hang (lost their connection before SIGCONT).
    package var devicesThatNoticedHang: Int?

    package var fleetKills = 0
    package var fleetKillsSurvivedWithSettingsIntact = 0
    package var fleetKillResults: [FleetKill] = []

    /// Devices whose settings differ from what was last accepted, after the broker faults.
    package var settingsMismatchesAfterBrokerFaults: [String] = []
    /// Devices whose retained presence was not `online` at the end of a phase.
    package var presenceNotOnline: [String] = []

    /// Broken invariants, in words.
    package var failures: [String] = []
    /// Whether every invariant held (set by ``judge()``).
    package var passed = false

    package init(devices: Int, keepAliveSeconds: Int, commandsPerSecond: Double, speed: Double) {
        self.devices = devices
        self.keepAliveSeconds = keepAliveSeconds
        self.commandsPerSecond = commandsPerSecond
        self.speed = speed
    }

    /// Checks the invariants and fills ``failures``.
    package mutating func judge() {
        var failures: [String] = []
        let bound = Double(2 * keepAliveSeconds)
        if commands.duplicated > 0 { failures.append("\(commands.duplicated) command(s) applied more than once") }
        if commands.lost > 0 { failures.append("\(commands.lost) command(s) lost (accepted or unanswered, not reported failed, never applied)") }
        if commands.pending > 0 { failures.append("\(commands.pending) command(s) never settled") }
        if commands.sent == 0 { failures.append("no command was sent") }
        if brokerKillsSurvived < brokerKills { failures.append("\(brokerKills - brokerKillsSurvived) broker kill(s) left devices offline") }
        for recovery in recoveries {
            if let seconds = recovery.allOnlineSeconds, seconds > bound {
                failures.append(String(format: "after a broker %@ the fleet took %.1f s to be back (bound: 2 × keep-alive = %.0f s)", recovery.fault, seconds, bound))
            } else if recovery.allOnlineSeconds == nil {
                failures.append("after a broker \(recovery.fault), \(recovery.devicesNotBack) device(s) never came back")
            }
        }
        if let noticed = devicesThatNoticedHang, hangSeconds > 0, noticed < devices {
            failures.append("\(devices - noticed) device(s) did not notice a broker hang of \(hangSeconds) s (keep-alive \(keepAliveSeconds) s)")
        }
        if !settingsMismatchesAfterBrokerFaults.isEmpty {
            failures.append("\(settingsMismatchesAfterBrokerFaults.count) device(s) lost accepted settings across broker faults")
        }
        for (index, kill) in fleetKillResults.enumerated() {
            if kill.offlineByWillInTime < devices {
                failures.append("fleet kill \(index + 1): only \(kill.offlineByWillInTime)/\(devices) devices showed offline by last will within 1.5 × keep-alive")
            }
            if !kill.unreadableStateFiles.isEmpty { failures.append("fleet kill \(index + 1): \(kill.unreadableStateFiles.count) state file(s) unreadable after the kill") }
            if !kill.settingsMismatches.isEmpty { failures.append("fleet kill \(index + 1): \(kill.settingsMismatches.count) device(s) lost accepted settings") }
            if kill.allOnlineSeconds == nil { failures.append("fleet kill \(index + 1): the restarted fleet did not bring every device online") }
        }
        if fleetKillsSurvivedWithSettingsIntact < fleetKills, fleetKillResults.count < fleetKills {
            failures.append("only \(fleetKillResults.count) of \(fleetKills) fleet kills ran")
        }
        if !presenceNotOnline.isEmpty { failures.append("\(presenceNotOnline.count) device(s) not shown online at the end of a phase") }
        self.failures = failures
        passed = failures.isEmpty
    }

    /// The summary as text.
    package var text: String {
        func seconds(_ value: Double?) -> String { value.map { String(format: "%.2f s", $0) } ?? "–" }
        var lines = [
            "fleet chaos: \(devices) devices, keep-alive \(keepAliveSeconds) s, \(String(format: "%.0f", commandsPerSecond)) commands/s, ×\(String(format: "%g", speed)) clock, \(String(format: "%.0f", durationSeconds)) s",
            "",
            "commands sent          \(commands.sent)",
            "  accepted             \(commands.accepted)",
            "  rejected             \(commands.rejected)",
            "  failed (timed out)   \(commands.failed)\(commands.failedButApplied > 0 ? " (\(commands.failedButApplied) of them applied: their reply was lost)" : "")",
            "  applied exactly once \(commands.applied)",
            "  duplicated           \(commands.duplicated)",
            "  lost                 \(commands.lost)",
            "  retries              \(commands.retries) (repeats answered without applying: \(commands.repeatsAnswered))",
            "",
            "broker kills survived  \(brokerKillsSurvived)/\(brokerKills)",
        ]
        for recovery in recoveries {
            lines.append("  \(recovery.fault): \(recovery.devicesDisconnected) disconnected, all online again after \(seconds(recovery.allOnlineSeconds))")
        }
        lines.append("  recovery max \(seconds(recoveryMaxSeconds)), p99 \(seconds(recoveryP99Seconds)) (bound 2 × keep-alive = \(2 * keepAliveSeconds) s)")
        if hangSeconds > 0 {
            lines.append("broker hang            \(String(format: "%.0f", hangSeconds)) s SIGSTOP: \(devicesThatNoticedHang.map(String.init) ?? "–")/\(devices) devices noticed")
        }
        lines.append("client reconnections   \(clientConnectionLosses)")
        lines.append("fleet kills survived   \(fleetKillsSurvivedWithSettingsIntact)/\(fleetKills) with settings intact")
        for (index, kill) in fleetKillResults.enumerated() {
            lines.append("  kill \(index + 1): offline by last will \(kill.offlineByWillInTime)/\(devices) (slowest \(seconds(kill.lastWillMaxSeconds))), "
                         + "state files unreadable \(kill.unreadableStateFiles.count), back online after \(seconds(kill.allOnlineSeconds)), "
                         + "settings intact \(kill.devicesChecked - kill.settingsMismatches.count)/\(kill.devicesChecked)")
        }
        lines.append("")
        if failures.isEmpty {
            lines.append("PASSED: no command duplicated or lost, settings intact, recovery within bounds")
        } else {
            lines.append("FAILED:")
            lines += failures.map { "  - " + $0 }
            lines += duplicatedExamples.map { "    duplicated: " + $0 }
            lines += lostExamples.map { "    lost: " + $0 }
            for kill in fleetKillResults { lines += kill.settingsMismatches.prefix(5).map { "    settings: " + $0 } }
            lines += settingsMismatchesAfterBrokerFaults.prefix(5).map { "    settings: " + $0 }
            lines += presenceNotOnline.prefix(5).map { "    not online: " + $0 }
        }
        return lines.joined(separator: "\n")
    }
}
