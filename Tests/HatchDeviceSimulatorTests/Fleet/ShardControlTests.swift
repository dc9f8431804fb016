import Foundation
import HatchDeviceModel
import HatchMQTT
import Testing
@testable import HatchDeviceSimulator

/// The control channel of a fleet in shard processes: a request addressed to another shard goes
/// unanswered, a shard injects the named devices it holds and names the others, a whole fleet refuses
/// a name it does not know, and a clock setting moves the fleet's clock.
@Suite("Shard control")
struct ShardControlTests {
    private static func fleet(instance: String) throws -> (Fleet, FleetDefinition, SimulationClock) {
        let definition = try FleetDefinition.load(contentsOf: FleetCredentialsTests.household)
        let clock = SimulationClock(mode: .manual, startTime: Date(timeIntervalSince1970: 1_772_400_000))
        let fleet = try Fleet(configuration: FleetConfiguration(definition: definition, broker: MQTTBrokerURL(host: "127.0.0.1", port: 1), clock: clock,
                                                                instanceName: instance))
        return (fleet, definition, clock)
    }

    private static func request(_ object: JSONObject) -> Data { JSONValue.object(object).jsonData }

    @Test("addressed to another instance: no reply; to this one: a reply that names it")
    func addressing() async throws {
        let (fleet, _, _) = try Self.fleet(instance: "shard-1of2")
        #expect(await fleet.controlReply(to: Self.request(["status": true, "instance": "shard-2of2"])) == nil)
        let reply = try #require(await fleet.controlReply(to: Self.request(["status": true, "instance": "shard-1of2"])))
        #expect(reply["ok"]?.boolValue == true && reply["instance"]?.stringValue == "shard-1of2", "\(reply)")
    }

    @Test("a shard injects what it holds and names the rest; a whole fleet refuses the unknown name")
    func partialFaults() async throws {
        let (shard, definition, _) = try Self.fleet(instance: "shard-1of2")
        let held = try #require(definition.devices.first).profile
        let body: JSONObject = ["fault": "rejectUpdates", "count": 1, "devices": [.string(held.name), "Not Here"]]
        let reply = try #require(await shard.controlReply(to: Self.request(body)))
        #expect(reply["ok"]?.boolValue == true, "\(reply)")
        #expect(reply["devices"]?.arrayValue == [.string(held.thingName.rawValue)], "\(reply)")
        #expect(reply["elsewhere"]?.arrayValue == ["Not Here"], "\(reply)")
        let none = try #require(await shard.controlReply(to: Self.request(["fault": "rejectUpdates", "count": 1, "devices": ["Not Here"]])))
        #expect(none["code"]?.intValue == 404, "a shard that holds none of them says so: \(none)")
        let (whole, _, _) = try Self.fleet(instance: "fleet")
        let refused = try #require(await whole.controlReply(to: Self.request(body)))
        #expect(refused["code"]?.intValue == 404 && refused["ok"]?.boolValue == false, "\(refused)")
    }

    @Test("a clock setting sets the fleet's time and speed")
    func clockSetting() async throws {
        let (fleet, _, clock) = try Self.fleet(instance: "shard-2of2")
        let setting = FleetControlCommand.ClockSetting(time: Date(timeIntervalSince1970: 1_772_500_000), speed: 0, at: Date())
        let reply = try #require(await fleet.controlReply(to: Self.request(["clock": setting.jsonValue])))
        #expect(reply["ok"]?.boolValue == true, "\(reply)")
        #expect(clock.now == Date(timeIntervalSince1970: 1_772_500_000))
        #expect(clock.speed == 0)
    }
}
