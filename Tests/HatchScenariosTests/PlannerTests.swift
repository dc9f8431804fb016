import Foundation
import HatchScenarioFile
import HatchScenarios
import Testing

@Suite struct PlannerTests {
    @Test func generatedGroupsSpreadOverTheirTimeZones() throws {
        let location = FieldLocation.code("fleet.devices.generate[0]")
        let scenario = Scenario(
            name: "zones",
            fleet: ScenarioFleet(devices: .generated([DeviceGroup(product: "restoreV5", count: 7, timeZones: ["UTC", "Asia/Tokyo"], location: location)])),
            stages: [ScenarioStage(name: "wait", length: .real(seconds: 1), location: .code("stages[0]"))])
        let plan = try ScenarioPlanner.plan(scenario, baseDirectory: URL(fileURLWithPath: "/"))
        #expect(plan.deviceCount == 7)
        let zones = Dictionary(grouping: plan.definition.devices, by: \.initialSettings.timezone).mapValues(\.count)
        #expect(zones == ["UTC": 4, "Asia/Tokyo": 3])
    }

    @Test func anUnknownProductNamesItsLine() {
        let location = FieldLocation(file: "x.yaml", line: 7, field: "fleet.devices.generate[0]")
        let scenario = Scenario(name: "bad", fleet: ScenarioFleet(devices: .generated([DeviceGroup(product: "toaster", count: 1, location: location)])),
                                stages: [ScenarioStage(name: "wait", length: .real(seconds: 1), location: .code("stages[0]"))])
        #expect {
            try ScenarioPlanner.plan(scenario, baseDirectory: URL(fileURLWithPath: "/"))
        } throws: { error in
            let error = error as? ScenarioFileError
            return error?.location.line == 7 && error?.location.field == "fleet.devices.generate[0].product"
                && error?.message.contains("restoreV5") == true
        }
    }
}
