import Foundation
import HatchScenarioFile
import Synchronization

/// The JUnit XML file of the scenarios this process ran: one `testsuite` per target, one `testcase`
/// per scenario — passed, `failure` with the failure's message, or `skipped` when not applicable on
/// the target — and the counts on each suite and on `testsuites`. Rewritten whole after each scenario,
/// so that it is complete however the run ends; the first scenario of a process replaces an older file.
enum JUnitReport {
    private static let written = Mutex<[String: [ScenarioReport]]>([:])

    /// Adds `report` to the file at `url` and rewrites it (creating its folder).
    static func add(_ report: ScenarioReport, writingTo url: URL) throws {
        let reports = written.withLock { all -> [ScenarioReport] in
            all[url.path, default: []].append(report)
            return all[url.path] ?? []
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(xml(reports).utf8).write(to: url, options: .atomic)
    }

    /// The XML document of `reports`.
    static func xml(_ reports: [ScenarioReport], timestamp: Date = Date()) -> String {
        var targets: [String] = []
        for report in reports where !targets.contains(report.target) { targets.append(report.target) }
        let stamp = ISO8601DateFormatter().string(from: timestamp)
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<testsuites name=\"hardware-in-loop\" \(counts(reports))>"]
        for target in targets {
            let cases = reports.filter { $0.target == target }
            lines.append("  <testsuite name=\"\(escape("hardware-in-loop: \(target)"))\" \(counts(cases)) timestamp=\"\(stamp)\">")
            lines.append("    <properties><property name=\"target\" value=\"\(escape(target))\"/></properties>")
            for report in cases {
                let open = "    <testcase classname=\"hardware-in-loop\" name=\"\(escape(report.scenario))\" time=\"\(seconds(report.realSeconds))\">"
                lines.append(open)
                switch report.verdict {
                case .pass:
                    break
                case .fail:
                    lines.append("      <failure message=\"\(escape(report.failureMessage))\" type=\"ScenarioFailure\">\(escape(report.details))</failure>")
                case .notApplicable:
                    lines.append("      <skipped message=\"\(escape("not applicable on \(target): " + report.notApplicable.joined(separator: ", ")))\"/>")
                }
                let notApplicable = report.notApplicable.isEmpty ? "" : "not applicable: " + report.notApplicable.joined(separator: ", ")
                let facts = [report.details, notApplicable].filter { !$0.isEmpty }.joined(separator: "\n")
                if !facts.isEmpty { lines.append("      <system-out>\(escape(facts))</system-out>") }
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func counts(_ reports: [ScenarioReport]) -> String {
        let failures = reports.filter { $0.verdict == .fail }.count
        let skipped = reports.filter { $0.verdict == .notApplicable }.count
        let time = reports.reduce(0) { $0 + $1.realSeconds }
        return "tests=\"\(reports.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" time=\"\(seconds(time))\""
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }

    static func escape(_ text: String) -> String { XMLText.escape(text) }
}

extension ScenarioReport {
    /// The failure itself, without the facts measured before it.
    var failureMessage: String {
        guard let range = details.range(of: "FAILED: ") else { return details }
        return String(details[range.upperBound...])
    }
}
