import Foundation

/// The JSON form of a scenario run (`--json`): the result itself, keys sorted, with the same figures
/// as the HTML report.
public enum ScenarioJSONReport {
    /// The report's bytes.
    public static func data(_ result: ScenarioResult) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(result)
    }
}
