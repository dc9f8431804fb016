import Foundation

/// The outcome of one scenario: printed as one verdict line and appended as one JSON line to the file
/// `HATCH_HIL_REPORT` names, from which `make hil` prints its table (Scripts/hil-table.py).
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

    /// Prints the verdict line and appends the JSON line to `HATCH_HIL_REPORT`, when set.
    func publish(environment: [String: String] = ProcessInfo.processInfo.environment) {
        print("HIL " + line)
        guard let path = environment[HILConfiguration.Key.report], !path.isEmpty else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard var data = try? encoder.encode(self) else { return }
        data.append(0x0A)
        if !FileManager.default.fileExists(atPath: path) {
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
