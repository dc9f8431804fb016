/// Renders a report as the lines a person (or a CI log) reads: one headline per module, each problem
/// with its path and a suggestion, then cycles, warnings, file problems and a summary.
public enum TextReportRenderer {
    /// The report's lines, in order.
    public static func lines(for report: AnalysisReport) -> [String] {
        var lines: [String] = []
        for module in report.modules {
            lines.append(module.headline)
            for finding in module.findings {
                lines.append("    - \(finding.message)")
                lines.append("      suggestion: \(finding.suggestion)")
            }
        }
        for cycle in report.cycles {
            lines.append("❌ \(cycle.message)")
            lines.append("      suggestion: \(cycle.suggestion)")
        }
        for warning in report.warnings {
            lines.append("⚠️ \(warning.message)")
        }
        for diagnostic in report.diagnostics {
            lines.append("\(diagnostic.severity == .error ? "❌" : "⚠️") \(diagnostic)")
        }
        lines.append(summary(for: report))
        return lines
    }

    /// The report as one string with a trailing newline.
    public static func render(_ report: AnalysisReport) -> String {
        lines(for: report).joined(separator: "\n") + "\n"
    }

    /// `Checked 10 modules in 25 files: 9 passed, 1 failed, 0 cycles, 2 warnings, 0 file errors` (with
    /// `, k not checked` after `failed` when some modules are neither built from a root nor mocked).
    public static func summary(for report: AnalysisReport) -> String {
        let failed = report.modules.filter { !$0.passed }.count
        let unchecked = report.modules.filter { $0.passed && !$0.wasChecked }.count
        let passed = report.modules.count - failed - unchecked
        let errors = report.diagnostics.filter { $0.severity == .error }.count
        let notChecked = unchecked > 0 ? ", \(unchecked) not checked" : ""
        return "Checked \(report.modules.count) modules in \(report.fileCount) files: \(passed) passed, \(failed) failed\(notChecked), \(report.cycles.count) cycles, \(report.warnings.count) warnings, \(errors) file errors"
    }
}
