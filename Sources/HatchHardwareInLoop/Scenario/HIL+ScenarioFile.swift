import Foundation
import HatchDeviceSimulator
import HatchScenarioFile
import HatchScenarios
import Testing

extension HIL {
    /// Runs the scenario file at `file` from an app's tests, with the same engine as
    /// `hatchctl scenario run`: on its own simulated fleet by default, or — when `target` (else the
    /// `HATCH_HIL_*` variables) names external devices — on those, where simulator-only steps are not
    /// applicable. Each failed expectation is recorded as a test issue that states the measured value;
    /// a scenario whose essential stages are all not applicable ends cancelled (JUnit `skipped`), never
    /// passed. Writes the JUnit report to `junitFile` when given. Returns the result for further checks.
    /// A scenario whose fleet runs in `shards` needs a built `hatchctl`: `hatchctl`, else the
    /// `HATCH_HIL_HATCHCTL` variable, names it.
    @discardableResult
    public static func scenarioFile(_ file: URL, target configured: HILTargetConfiguration? = nil, seed: UInt64? = nil,
                                    junitFile: URL? = nil, hatchctl: URL? = nil,
                                    sourceLocation: SourceLocation = #_sourceLocation) async throws -> ScenarioResult {
        let scenario = try ScenarioFileReader.read(contentsOf: file)
        let configuration = try configured ?? HILTargetConfiguration.fromEnvironment()
        var choice = ScenarioTargetChoice.simulated
        var devices: FleetDefinition?
        if case .external(let external) = configuration {
            choice = .external(broker: external.broker, credentials: external.credentials, tls: external.tls)
            devices = FleetDefinition(name: "external", devices: external.devices.map {
                DeviceSpec(profile: DeviceProfile(name: $0.name, macAddress: $0.macAddress, product: $0.product),
                           initialSettings: .factory(for: $0.product))
            })
        }
        let plan = try ScenarioPlanner.plan(scenario, baseDirectory: file.deletingLastPathComponent(), seed: seed, devices: devices)
        let executable = hatchctl ?? ProcessInfo.processInfo.environment["HATCH_HIL_HATCHCTL"].map { URL(fileURLWithPath: $0) }
        let result = await ScenarioEngine(plan: plan, options: .init(
            target: choice, progress: { print("scenario: \($0)") }, shardLauncher: executable.map { ShardLauncher(executable: $0) })).run()
        if let junitFile { try Data(ScenarioJUnitReport.xml(result).utf8).write(to: junitFile, options: .atomic) }
        for expectation in result.expectations where expectation.verdict == .fail {
            Issue.record(Comment(rawValue: "\(result.scenario): \(expectation.message ?? expectation.threshold)"), sourceLocation: sourceLocation)
        }
        if let error = result.error {
            Issue.record(Comment(rawValue: "\(result.scenario): \(error)"), sourceLocation: sourceLocation)
        }
        if result.verdict == .notApplicable {
            try Test.cancel(Comment(rawValue: "\(result.scenario) is not applicable on \(result.target): "
                                    + result.stages.compactMap(\.notApplicable).joined(separator: "; ")), sourceLocation: sourceLocation)
        }
        return result
    }
}
