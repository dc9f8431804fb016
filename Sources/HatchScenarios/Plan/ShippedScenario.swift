import Foundation
import HatchScenarioFile

/// The scenario files that ship with the toolkit, in its `scenarios` folder: what `hatchctl fleet
/// soak` runs, and examples to start from.
public enum ShippedScenario: String, Sendable, CaseIterable {
    case morningRush = "morning-rush"
    case reconnectStorm = "reconnect-storm"
    case bedtime
    case daylightSaving = "daylight-saving"
    case flakyWiFi = "flaky-wifi"
    case soak
    case chaos

    /// The toolkit's `scenarios` folder (in the source checkout this library was built from).
    public static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scenarios", isDirectory: true)

    /// The file.
    public var file: URL { Self.folder.appendingPathComponent("\(rawValue).yaml") }

    /// The scenario, read from its file.
    public func read() throws(ScenarioFileError) -> Scenario {
        try ScenarioFileReader.read(contentsOf: file)
    }
}
