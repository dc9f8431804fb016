import Foundation

/// The outcome of one scenario: printed as one verdict line, appended as one JSON line to the file
/// `HATCH_HIL_REPORT` names (from which the toolkit's Scripts/hil-table.py prints the table), and
/// added to the JUnit file (``JUnitReport``).
struct ScenarioReport: Codable, Sendable {
    /// `PASS`, `FAIL` or `N-A`.
    enum Verdict: String, Codable, Sendable {
        case pass = "PASS"
        case fail = "FAIL"
        case notApplicable = "N-A"
    }

    var scenario: String
    var target: String
    var verdict: Verdict
    /// Steps not applicable on the target, by name.
    var notApplicable: [String]
    /// The measured facts, or the failure.
    var details: String
    /// When the scenario started, on the device's clock (local time), when known.
    var simulatedStart: String?
    /// Real seconds the scenario took.
    var realSeconds: Double

    /// `PASS  wake alarm + sunrise   sunrise 36 steps monotonic, …  (real 2.1 s)`.
    var line: String {
        let name = scenario.padding(toLength: max(scenario.count, 26), withPad: " ", startingAt: 0)
        let verdictText = verdict.rawValue.padding(toLength: 5, withPad: " ", startingAt: 0)
        let skipped = notApplicable.isEmpty ? "" : "  [n/a: \(notApplicable.joined(separator: ", "))]"
        return "\(verdictText) \(name) \(details)\(skipped)  (real \(String(format: "%.1f", realSeconds)) s)"
    }

    /// Prints the verdict line, appends the JSON line to `HATCH_HIL_REPORT` when set, and rewrites the
    /// JUnit file (`junitFile`, else `HATCH_HIL_JUNIT`) with every scenario this process ran into it.
    func publish(junitFile: URL?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        print("HIL " + line)
        if let path = environment[HILTargetConfiguration.Key.report], !path.isEmpty { appendJSONLine(to: path) }
        let junitPath = junitFile?.path ?? environment[HILTargetConfiguration.Key.junit].flatMap { $0.isEmpty ? nil : $0 }
        if let junitPath {
            do {
                try JUnitReport.add(self, writingTo: URL(fileURLWithPath: junitPath))
            } catch {
                print("HIL cannot write the JUnit report \(junitPath): \(error); set HATCH_HIL_JUNIT to a writable path")
            }
        }
    }

    private func appendJSONLine(to path: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard var data = try? encoder.encode(self) else { return }
        data.append(0x0A)
        if !FileManager.default.fileExists(atPath: path) {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            print("HIL cannot append to HATCH_HIL_REPORT=\(path); set it to a writable file")
            return
        }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: data)
    }
}
