import Foundation
import Testing

extension Hatchctl {
    /// Polls `hatchctl state DEVICE --json` until `condition` holds on its report, for at most
    /// `seconds`; records an issue naming the device and the last answer, and throws, when it never does.
    func waitForState(broker: [String], device: String, seconds: Int = 20,
                      _ condition: ([String: Any]) -> Bool) async throws -> [String: Any] {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var last = ""
        while ContinuousClock.now < deadline {
            let result = try await run(["state", device, "--json"] + broker)
            if let report = try? result.json() as? [String: Any], condition(report) { return report }
            last = "\(result)"
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("\(device) never reached the expected state within \(seconds) s; last: \(last)")
        throw CancellationError()
    }
}
