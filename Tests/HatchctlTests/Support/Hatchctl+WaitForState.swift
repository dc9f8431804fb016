import Foundation
import HatchctlTestSupport

extension Hatchctl {
    /// Asks `hatchctl state DEVICE --json` until `condition` holds on its report; `seconds` is the last
    /// guard for a busy machine. Throws naming the device and its last answer when it never does.
    func waitForState(broker: [String], device: String, seconds: Int = 60,
                      _ condition: ([String: Any]) -> Bool) async throws -> [String: Any] {
        var last = ""
        return try await eventually("expected state of \(device)", within: .seconds(seconds), interval: .milliseconds(100),
                                    describe: { "its last answer: \(last)" }) {
            let result = try await run(["state", device, "--json"] + broker)
            last = "\(result)"
            guard let report = try? result.json() as? [String: Any], condition(report) else { return nil }
            return report
        }
    }
}
