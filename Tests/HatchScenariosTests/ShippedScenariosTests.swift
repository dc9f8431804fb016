import Foundation
import HatchScenarioFile
import HatchScenarios
import Testing

/// Every scenario that ships in `scenarios/` reads and plans against the simulator.
@Suite struct ShippedScenariosTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scenarios")

    static var files: [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "yaml" }.sorted { $0.path < $1.path }
    }

    @Test func theScenariosShip() {
        let names = Set(Self.files.map { $0.deletingPathExtension().lastPathComponent })
        #expect(names.isSuperset(of: ["morning-rush", "reconnect-storm", "bedtime", "daylight-saving", "flaky-wifi", "soak", "chaos"]))
    }

    @Test(arguments: files)
    func itPlans(file: URL) throws {
        let scenario = try ScenarioFileReader.read(contentsOf: file)
        let plan = try ScenarioPlanner.plan(scenario, baseDirectory: Self.folder)
        #expect(plan.deviceCount > 0)
        #expect(!plan.stages.isEmpty)
        #expect(!scenario.allExpectations.isEmpty, "a shipped scenario decides something")
    }
}
