import ArgumentParser
import Foundation
import HatchScenarioFile
import HatchScenarios

/// How `fleet soak` and `fleet chaos` run their shipped scenario: planned (a bad file exits 64),
/// progress lines with `label` and the elapsed time, Ctrl-C as a clean stop, and the HTML report.
enum ScenarioShortcutRun {
    /// Plans `scenario`, runs it, and writes the HTML report to `report` when given.
    static func run(_ scenario: () throws(ScenarioFileError) -> Scenario, label: String, report: String?,
                    sampleInterval: Duration = .seconds(1)) async throws -> (ScenarioResult, say: @Sendable (String) -> Void) {
        let plan: ScenarioPlan
        do {
            plan = try ScenarioPlanner.plan(try scenario(), baseDirectory: ShippedScenario.folder)
        } catch {
            Console.write("error: \(error.description)\n", to: .standardError)
            throw ExitCode(64)
        }
        let started = ContinuousClock.now
        let say: @Sendable (String) -> Void = { line in
            Console.write("\(label) \(String(format: "%6.1f", (ContinuousClock.now - started).seconds))s: \(line)\n", to: .standardError)
        }
        let task = Task { await ScenarioEngine(plan: plan, options: .init(progress: say, sampleInterval: sampleInterval)).run() }
        let signals = ScenarioInterruption.cancelOnSignal(task)
        let result = await task.value
        signals.forEach { $0.cancel() }
        if let report {
            try? Data(ScenarioHTMLReport.html(result).utf8).write(to: URL(fileURLWithPath: report), options: .atomic)
        }
        return (result, say)
    }
}
