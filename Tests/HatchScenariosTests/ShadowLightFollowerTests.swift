import Foundation
import HatchDeviceModel
import HatchMQTT
import HatchScenarioFile
@testable import HatchScenarios
import Testing

/// How the engine follows a sunrise on a device in a shard process: the brightness in the reports its
/// shadow accepts, for the devices it follows only, on a real locked-down mosquitto.
@Suite struct ShadowLightFollowerTests {
    @Test func aFollowedDevicesReportedBrightnessIsReadAndOthersAreNot() async throws {
        let location = FieldLocation.code("fleet.devices.generate[0]")
        let scenario = Scenario(
            name: "light", fleet: ScenarioFleet(devices: .generated([DeviceGroup(product: "restoreV5", count: 2, location: location)])),
            stages: [ScenarioStage(name: "wait", length: .real(seconds: 1), location: .code("stages[0]"))])
        let plan = try ScenarioPlanner.plan(scenario, baseDirectory: URL(fileURLWithPath: "/"))
        let broker = try await LockedDownBroker.start(definition: plan.definition, shadowService: .internal, countsDenials: false,
                                                      fileDescriptorLimit: 4096)
        defer { broker.stop() }
        let follower = ShadowLightFollower(broker: broker.url, run: "test", keepAlive: .seconds(10), credentials: broker.controller, tls: nil)
        try await follower.start()
        defer { Task { await follower.stop() } }
        let things = plan.definition.devices.map(\.profile.thingName)
        follower.follow(things[0].rawValue, true)
        #expect(follower.level(things[0].rawValue) == nil, "nothing reported yet")

        var devices: [MQTTSession] = []
        for thing in things {
            let session = MQTTSession(configuration: .init(broker: broker.url, clientID: thing.rawValue,
                                                           credentials: broker.fleetCredentials.credentials(for: thing)))
            try await session.connect()
            devices.append(session)
        }
        func report(_ index: Int, _ json: String) async throws {
            try await devices[index].publish(Topics.Shadow(things[index]).updateAccepted, payload: Data(json.utf8), qos: .atLeastOnce)
        }
        try await report(0, #"{"state":{"reported":{"current":{"color":{"i":1200}}}},"version":3}"#)
        try await report(1, #"{"state":{"reported":{"current":{"color":{"i":900}}}},"version":3}"#)
        try await report(0, #"{"state":{"reported":{"rssi":-60}},"version":4}"#)
        let deadline = ContinuousClock.now + .seconds(10)
        while follower.level(things[0].rawValue) != 1200, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(follower.level(things[0].rawValue) == 1200, "a report without the light keeps the last brightness")
        #expect(follower.level(things[1].rawValue) == nil, "a device not followed is not read")
        follower.follow(things[0].rawValue, false)
        #expect(follower.level(things[0].rawValue) == nil)
        for session in devices { await session.disconnect() }
    }
}
