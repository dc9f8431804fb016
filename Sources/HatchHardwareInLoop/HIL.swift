import Foundation
import Testing

/// Runs hardware-in-loop scenarios: each against a target the kit connects (a simulated fleet it starts,
/// or external devices), with clean-up that runs however the scenario ends, and a verdict for the report.
public enum HIL {
    /// Connects `target` (by default the one the `HATCH_HIL_*` variables describe, see
    /// ``HILTargetConfiguration/fromEnvironment(_:)``), runs `body`, runs the clean-ups, stops the target,
    /// prints the verdict line and adds it to the reports: the JSON line of `HATCH_HIL_REPORT` and the
    /// JUnit file (`junitFile`, else `HATCH_HIL_JUNIT`).
    ///
    /// A simulated fleet's clock starts at `clockStart` (ISO 8601 with its offset, e.g.
    /// `2026-01-06T23:56:40-05:00`) unless its configuration sets one, else at the current time. A failure is
    /// recorded as a test issue; a scenario whose essential steps cannot run on external devices ends
    /// cancelled (JUnit `skipped`), never as passed. On a simulated fleet the kit started, a step
    /// reported not applicable fails the scenario: every step can run there.
    @MainActor
    public static func scenario(_ name: String, clockStart: String? = nil, target: HILTargetConfiguration? = nil, junitFile: URL? = nil,
                                sourceLocation: SourceLocation = #_sourceLocation,
                                _ body: @MainActor (ScenarioRun) async throws -> Void) async throws {
        let started = ContinuousClock.now
        var report = await execute(name, clockStart: clockStart, target: target, body)
        report.realSeconds = (ContinuousClock.now - started).realSeconds
        report.publish(junitFile: junitFile)
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
    private static func execute(_ name: String, clockStart: String?, target configured: HILTargetConfiguration?,
                                _ body: @MainActor (ScenarioRun) async throws -> Void) async -> ScenarioReport {
        var report = ScenarioReport(scenario: name, target: "-", verdict: .fail, notApplicable: [], details: "",
                                    simulatedStart: nil, realSeconds: 0)
        let configuration: HILTargetConfiguration
        if let configured {
            configuration = configured
        } else {
            do {
                configuration = try HILTargetConfiguration.fromEnvironment()
            } catch {
                report.details = "configuration: \(error.description)"
                return report
            }
        }
        var startTime = Date()
        if let clockStart {
            guard let parsed = ISO8601DateFormatter().date(from: clockStart) else {
                report.details = HILConfigurationError.invalidClockStart(clockStart).description
                return report
            }
            startTime = parsed
        }
        let target: HILTarget
        do {
            target = try await HILTarget.connect(configuration, startTime: startTime)
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
        if failure == nil, let refusal = notApplicableFailure(run.notApplicable, simulated: target.isSimulated) { failure = refusal }
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

    /// Why steps reported not applicable fail the scenario on a fleet the kit started, or `nil` (none
    /// reported, or external devices, where they stay skipped). The kit's own fleet has the
    /// simulator's control channel, and its fleet file decides the products: a step that cannot run
    /// there is a bug in the scenario or a fleet file without the device the scenario needs.
    static func notApplicableFailure(_ steps: [String], simulated: Bool) -> String? {
        guard simulated, !steps.isEmpty else { return nil }
        return "not applicable on a simulated fleet the kit started, which has the simulator's control channel and the products "
            + "its fleet file names: \(steps.joined(separator: "; ")). Add a device with what the step needs to the fleet file, "
            + "or fix the scenario; against external devices such steps are skipped"
    }
}
