import HatchFleetLab
import Testing

/// The chaos run's verdict: every invariant that fails is named, and a clean run passes.
@Suite("Chaos report")
struct ChaosReportTests {
    private func cleanReport() -> ChaosReport {
        var report = ChaosReport(devices: 10, keepAliveSeconds: 5, commandsPerSecond: 20, speed: 60)
        report.commands.sent = 40
        report.commands.accepted = 40
        report.commands.applied = 40
        report.brokerKills = 1
        report.brokerKillsSurvived = 1
        report.recoveries = [.init(fault: "kill", devicesDisconnected: 10, allOnlineSeconds: 3.2, devicesNotBack: 0)]
        report.fleetKills = 1
        report.fleetKillsSurvivedWithSettingsIntact = 1
        report.fleetKillResults = [.init(offlineByWillInTime: 10, lastWillMaxSeconds: 6, unreadableStateFiles: [],
                                         allOnlineSeconds: 2, devicesChecked: 10, settingsMismatches: [])]
        return report
    }

    @Test("a clean run passes and says so")
    func cleanRunPasses() {
        var report = cleanReport()
        report.judge()
        #expect(report.passed)
        #expect(report.failures.isEmpty)
        #expect(report.text.contains("PASSED"))
    }

    @Test("duplicated, lost, never settled and none sent are each a failure")
    func commandFailures() {
        var report = cleanReport()
        report.commands.duplicated = 2
        report.commands.lost = 1
        report.commands.pending = 3
        report.judge()
        #expect(!report.passed)
        #expect(report.failures.contains("2 command(s) applied more than once"))
        #expect(report.failures.contains { $0.hasPrefix("1 command(s) lost") })
        #expect(report.failures.contains("3 command(s) never settled"))
        var empty = ChaosReport(devices: 1, keepAliveSeconds: 5, commandsPerSecond: 1, speed: 1)
        empty.judge()
        #expect(empty.failures.contains("no command was sent"))
    }

    @Test("recovery slower than 2 × keep-alive, or a device that never came back, fails")
    func recoveryBound() {
        var slow = cleanReport()
        slow.recoveries = [.init(fault: "hang", devicesDisconnected: 10, allOnlineSeconds: 10.5, devicesNotBack: 0)]
        slow.judge()
        #expect(slow.failures == ["after a broker hang the fleet took 10.5 s to be back (bound: 2 × keep-alive = 10 s)"])
        var never = cleanReport()
        never.recoveries = [.init(fault: "kill", devicesDisconnected: 10, allOnlineSeconds: nil, devicesNotBack: 2)]
        never.judge()
        #expect(never.failures == ["after a broker kill, 2 device(s) never came back"])
    }

    @Test("a fleet kill that lost last wills, state files or settings fails, naming the kill")
    func fleetKillFailures() {
        var report = cleanReport()
        report.fleetKillResults = [.init(offlineByWillInTime: 8, lastWillMaxSeconds: 9, unreadableStateFiles: ["a.json"],
                                         allOnlineSeconds: nil, devicesChecked: 10, settingsMismatches: ["x: volume"])]
        report.judge()
        #expect(report.failures.count == 4)
        #expect(report.failures.allSatisfy { $0.hasPrefix("fleet kill 1:") })
        #expect(report.text.contains("    settings: x: volume"))
    }

    @Test("a hang some devices did not notice fails")
    func unnoticedHang() {
        var report = cleanReport()
        report.hangSeconds = 20
        report.devicesThatNoticedHang = 7
        report.judge()
        #expect(report.failures == ["3 device(s) did not notice a broker hang of 20.0 s (keep-alive 5 s)"])
    }
}
