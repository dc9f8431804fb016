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

    private static let mixedFleet = """
        name: mixed
        fleet:
          devices:
            generate:
              - {product: restoreV5, count: 4, timeZones: [America/New_York]}
              - {product: restPlus, count: 3, timeZones: [Europe/Berlin]}
              - {product: restMini, count: 2, timeZones: [Europe/Berlin]}
        stages:

        """

    @Test func devicesAnActionCannotReachAreListedInThePlan() throws {
        let scenario = try ScenarioFileReader.read(text: Self.mixedFleet + """
              - name: morning
                duration: 1h
                alarms: {devices: all, between: "06:30", and: "07:00"}
                routines: {devices: all}
            """, file: "mixed.yaml")
        let plan = try ScenarioPlanner.plan(scenario, baseDirectory: URL(fileURLWithPath: "/"))
        let notes = ScenarioPlanSummary(plan).stages[0].notes
        #expect(notes == ["routines: left out 3 restPlus (no routines on that product)",
                          "alarms: left out 2 restMini, 3 restPlus (no alarms on that product)"])
        #expect(ScenarioPlanSummary(plan).text.contains("note: alarms: left out 2 restMini, 3 restPlus"))
    }

    @Test func aFilterThatMatchesNothingSaysWhatTheFleetHas() throws {
        let scenario = try ScenarioFileReader.read(text: Self.mixedFleet + """
              - name: nap
                duration: 1h
                commands: {perSecond: 1, devices: {share: 1, timeZones: [Asia/Tokyo]}}
            """, file: "mixed.yaml")
        #expect {
            try ScenarioPlanner.plan(scenario, baseDirectory: URL(fileURLWithPath: "/"))
        } throws: { error in
            let message = (error as? ScenarioFileError)?.message ?? ""
            return message.contains("no device of the fleet is among time zones Asia/Tokyo")
                && message.contains("products restMini, restPlus, restoreV5 in time zones America/New_York, Europe/Berlin")
        }
    }

    @Test func aFilterOfProductsThatCannotDoTheActionSaysSo() throws {
        let scenario = try ScenarioFileReader.read(text: Self.mixedFleet + """
              - name: nap
                duration: 1h
                alarms: {devices: {share: 1, products: [restPlus]}, between: "13:00", and: "13:30"}
            """, file: "mixed.yaml")
        #expect {
            try ScenarioPlanner.plan(scenario, baseDirectory: URL(fileURLWithPath: "/"))
        } throws: { error in
            let error = error as? ScenarioFileError
            return error?.location.field == "stages[0].alarms.devices"
                && error?.message.contains("the devices of products restPlus (restPlus) cannot do this action") == true
        }
    }
}
