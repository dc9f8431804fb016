import Foundation
import Testing

/// Runs a scenario against the configured target and reports its verdict.
enum HIL {
    /// Reads the configuration, connects the target (a fresh private fleet whose clock starts at
    /// `privateStart`, an ISO 8601 time with its offset, or the external devices), runs `body`, cleans
    /// up, prints the verdict line and appends it to the report. A failure is recorded as a test issue;
    /// a scenario whose essential steps cannot run on the target ends cancelled, never as passed.
    @MainActor
    static func scenario(_ name: String, privateStart: String, sourceLocation: SourceLocation = #_sourceLocation,
                         _ body: @MainActor (ScenarioRun) async throws -> Void) async throws {
        let started = ContinuousClock.now
        var report = await execute(name, privateStart: privateStart, body)
        report.realSeconds = (ContinuousClock.now - started).realSeconds
        report.publish()
        switch report.verdict {
        case .pass:
            break
        case .fail:
            Issue.record(Comment(rawValue: "\(name) on \(report.target): \(report.details)"), sourceLocation: sourceLocation)
        case .notApplicable:
            try Test.cancel(Comment(rawValue: "not applicable on \(report.target): \(report.notApplicable.joined(separator: ", "))"),
                            sourceLocation: sourceLocation)
        }
    }

    @MainActor
    private static func execute(_ name: String, privateStart: String, _ body: @MainActor (ScenarioRun) async throws -> Void) async -> ScenarioReport {
        var report = ScenarioReport(scenario: name, target: "-", verdict: .fail, notApplicable: [], details: "",
                                    simulatedStart: nil, realSeconds: 0)
        let configuration: HILConfiguration
        do {
            configuration = try HILConfiguration.read()
        } catch {
            report.details = "configuration: \(error.description)"
            return report
        }
        guard let startTime = ISO8601DateFormatter().date(from: privateStart) else {
            report.details = "the scenario's start time '\(privateStart)' is not ISO 8601"
            return report
        }
        let target: HILTarget
        do {
            target = try await HILTarget.connect(configuration, privateStartTime: startTime)
        } catch {
            report.details = "cannot start the target: \(error)"
            return report
        }
        report.target = target.label
        let run = ScenarioRun(name: name, target: target)
        var failure: String?
        do {
            try await body(run)
        } catch {
            failure = "\(error)"
        }
        let cleanupFailures = await run.runCleanups()
        let denied = await target.stop()
        if failure == nil, !cleanupFailures.isEmpty { failure = "clean-up failed: " + cleanupFailures.joined(separator: "; ") }
        if !denied.isEmpty {
            failure = (failure.map { $0 + "; " } ?? "") + "the broker's log, on the devices' publishes (\(denied.count) line(s)): " + denied.prefix(10).joined(separator: " | ")
        }

        report.notApplicable = run.notApplicable
        report.simulatedStart = run.simulatedStart
        if let failure {
            report.details = (run.facts + ["FAILED: \(failure)"]).joined(separator: ", ")
        } else {
            report.verdict = run.wholeScenarioNotApplicable ? .notApplicable : .pass
            report.details = run.facts.joined(separator: ", ")
        }
        return report
    }
}
