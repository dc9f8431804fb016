import Foundation

/// The JUnit XML of a scenario run: one test case per expectation (a failure states the threshold and
/// the measured value, a not-applicable one is skipped), and a `run` case when the run itself failed
/// or was interrupted — what CI systems show as a test report.
public enum ScenarioJUnitReport {
    /// The report's XML.
    public static func xml(_ result: ScenarioResult) -> String {
        var cases: [String] = []
        for expectation in result.expectations {
            let name = XMLText.escape(expectation.caseName)
            let classname = XMLText.escape("\(result.scenario).\(expectation.stage ?? "run")")
            var body = ""
            switch expectation.verdict {
            case .pass:
                break
            case .fail:
                let message = expectation.message ?? "\(expectation.threshold): measured \(expectation.measuredText) (\(expectation.source))"
                body = "<failure message=\"\(XMLText.escape(message))\">\(XMLText.escape(message))</failure>"
            case .notApplicable:
                body = "<skipped message=\"\(XMLText.escape("not applicable: " + (expectation.message ?? "")))\"/>"
            }
            cases.append("    <testcase classname=\"\(classname)\" name=\"\(name)\" time=\"0\">\(body)</testcase>")
        }
        var failures = result.expectations.count { $0.verdict == .fail }
        var errors = 0
        let skipped = result.expectations.count { $0.verdict == .notApplicable }
        let runName = XMLText.escape(result.scenario)
        switch result.verdict {
        case .interrupted:
            errors += 1
            cases.append("    <testcase classname=\"\(runName).run\" name=\"run\" time=\"\(format(result.realSeconds))\">"
                         + "<error message=\"interrupted: partial results\" type=\"interrupted\">the run was interrupted before its end</error></testcase>")
        case .fail where result.error != nil:
            failures += 1
            let message = XMLText.escape(result.error ?? "")
            cases.append("    <testcase classname=\"\(runName).run\" name=\"run\" time=\"\(format(result.realSeconds))\"><failure message=\"\(message)\">\(message)</failure></testcase>")
        case .notApplicable:
            failures += 1
            let message = "every essential stage was not applicable on \(result.target): not passed"
            cases.append("    <testcase classname=\"\(runName).run\" name=\"run\" time=\"\(format(result.realSeconds))\"><failure message=\"\(XMLText.escape(message))\">\(XMLText.escape(message))</failure></testcase>")
        default:
            if result.expectations.isEmpty {
                cases.append("    <testcase classname=\"\(runName).run\" name=\"run\" time=\"\(format(result.realSeconds))\"/>")
            }
        }
        let tests = cases.count
        let properties = [("target", result.target), ("seed", String(result.seed)), ("devices", String(result.devices)),
                          ("verdict", result.verdict.rawValue), ("file", result.file)]
            .map { "      <property name=\"\($0.0)\" value=\"\(XMLText.escape($0.1))\"/>" }
        let stages = result.stages.map { stage in
            "\(stage.name): \(format(stage.realEnd - stage.realStart)) s" + (stage.notApplicable.map { " — not applicable: \($0)" } ?? "")
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="\(runName)" tests="\(tests)" failures="\(failures)" errors="\(errors)" skipped="\(skipped)" time="\(format(result.realSeconds))">
              <testsuite name="\(runName)" tests="\(tests)" failures="\(failures)" errors="\(errors)" skipped="\(skipped)" time="\(format(result.realSeconds))" timestamp="\(XMLText.escape(result.startedAt))">
                <properties>
            \(properties.joined(separator: "\n"))
                </properties>
            \(cases.joined(separator: "\n"))
                <system-out>\(XMLText.escape(stages.joined(separator: "\n")))</system-out>
              </testsuite>
            </testsuites>

            """
    }

    private static func format(_ seconds: Double) -> String { String(format: "%.3f", seconds) }
}

/// Text for an XML or HTML attribute or element: the five markup characters escaped, and control
/// characters other than tab and newline (which XML 1.0 cannot carry) dropped. Shared by the
/// toolkit's JUnit and HTML reports.
package enum XMLText {
    package static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case "\r": result += "&#13;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
