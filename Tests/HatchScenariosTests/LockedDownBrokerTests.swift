import Foundation
import HatchDeviceModel
import HatchMQTT
import HatchScenarioFile
import HatchScenarios
import Testing

/// The scenario's private broker against a real mosquitto: no anonymous access, each device to its own
/// topics, and a device's denied publish counted for `broker.denied`.
@Suite struct LockedDownBrokerTests {
    private func plan(expectingDenials: Bool) throws -> ScenarioPlan {
        let location = FieldLocation.code("fleet.devices.generate[0]")
        let expectations = expectingDenials ? [Expectation(metric: .brokerDenied, comparison: .atMost, bound: 0, location: .code("expect[0]"))] : []
        let scenario = Scenario(
            name: "locked", fleet: ScenarioFleet(devices: .generated([DeviceGroup(product: "restoreV5", count: 2, location: location)])),
            stages: [ScenarioStage(name: "wait", length: .real(seconds: 1), location: .code("stages[0]"))], expectations: expectations)
        return try ScenarioPlanner.plan(scenario, baseDirectory: URL(fileURLWithPath: "/"))
    }

    @Test func anonymousClientsAreRefusedAndADevicesPublishElsewhereIsCounted() async throws {
        let plan = try plan(expectingDenials: true)
        #expect(plan.countsDenials)
        let broker = try await LockedDownBroker.start(definition: plan.definition, shadowService: .internal, countsDenials: true,
                                                      fileDescriptorLimit: 4096)
        let anonymous = MQTTSession(configuration: .init(broker: broker.url, clientID: "stranger"))
        await #expect(throws: MQTTError.self) { try await anonymous.connect() }

        let things = plan.definition.devices.map(\.profile.thingName)
        let device = MQTTSession(configuration: .init(broker: broker.url, clientID: things[0].rawValue,
                                                      credentials: broker.fleetCredentials.credentials(for: things[0])))
        try await device.connect()
        try await device.publish(Topics.Shadow(things[0]).update, payload: Data("{}".utf8), qos: .atLeastOnce)
        try await device.publish(Topics.Shadow(things[1]).update, payload: Data("{}".utf8), qos: .atLeastOnce)
        await device.disconnect()

        let controller = MQTTSession(configuration: .init(broker: broker.url, clientID: "scenario-app", credentials: broker.controller))
        try await controller.connect()
        try await controller.publish(Topics.Shadow(things[1]).update, payload: Data("{}".utf8), qos: .atLeastOnce)
        await controller.disconnect()

        broker.stop()
        #expect(broker.deniedPublishes() == 1)
        #expect(!FileManager.default.fileExists(atPath: broker.folder.path))
    }

    @Test func withoutADeniedExpectationTheBrokerDoesNotCount() async throws {
        let plan = try plan(expectingDenials: false)
        #expect(!plan.countsDenials)
        let broker = try await LockedDownBroker.start(definition: plan.definition, shadowService: .external, countsDenials: false,
                                                      fileDescriptorLimit: 4096)
        defer { broker.stop() }
        #expect(broker.deniedPublishes() == nil)
    }

    @Test func thePublishAndItsClientAreReadFromMosquittosLine() {
        let denied = LockedDownBroker.publish("1733400000: Denied PUBLISH from hatch-ab12 (d0, q1, r0, m1, '$aws/things/x/shadow/update', ... (2 bytes))")
        #expect(denied?.0 == .denied)
        #expect(denied?.client == "hatch-ab12")
        let received = LockedDownBroker.publish("1733400000: Received PUBLISH from hatch-ab12 (d0, q1, r0, m1, 'hatch/things/x/presence', ... (7 bytes))")
        #expect(received?.0 == .received)
        #expect(received?.client == "hatch-ab12")
        #expect(LockedDownBroker.publish("1733400000: Sending PUBACK to hatch-ab12 (m1, rc0)") == nil)
    }

    @Test func aLogWithoutADevicesPublishProvesNothing() async throws {
        let plan = try plan(expectingDenials: true)
        let broker = try await LockedDownBroker.start(definition: plan.definition, shadowService: .internal, countsDenials: true,
                                                      fileDescriptorLimit: 4096)
        broker.stop()
        #expect(broker.deniedPublishes() == nil)
    }
}
