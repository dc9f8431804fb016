/// The text summary of a scenario run, as `hatchctl` prints it: the verdict, the stages and each
/// expectation with its measured value.
public enum ScenarioTextReport {
    /// The summary's lines.
    public static func text(_ result: ScenarioResult) -> String {
        var lines: [String] = []
        let verdict = switch result.verdict {
        case .pass: "PASS"
        case .fail: "FAIL"
        case .notApplicable: "NOT APPLICABLE (not passed)"
        case .interrupted: "INTERRUPTED"
        }
        lines.append("\(result.scenario): \(verdict) — \(result.target), \(String(format: "%.1f", result.realSeconds)) s, seed \(result.seed)")
        if let error = result.error { lines.append("  error: \(error)") }
        for stage in result.stages {
            lines.append("  stage \(stage.name): \(String(format: "%.1f", stage.realEnd - stage.realStart)) s"
                         + (stage.notApplicable.map { " — not applicable: \($0)" } ?? "")
                         + (stage.skippedActions.isEmpty || stage.notApplicable != nil ? "" : " — skipped: \(stage.skippedActions.joined(separator: "; "))"))
        }
        for expectation in result.expectations {
            let mark = switch expectation.verdict {
            case .pass: "ok  "
            case .fail: "FAIL"
            case .notApplicable: "n/a "
            }
            lines.append("  \(mark) \(expectation.caseName) — measured \(expectation.measuredText)"
                         + (expectation.verdict == .pass ? "" : expectation.message.map { " (\($0))" } ?? ""))
        }
        return lines.joined(separator: "\n")
    }
}
