import Foundation
import HatchDeviceSimulator
import HatchFleetControl
import HatchFleetService
import HatchMQTT
import Testing

/// Choosing and starting a fleet's broker: combinations refused with what to give instead, the
/// private broker locked down or anonymous on a real mosquitto, and a broker of your own named.
@Suite("The fleet's broker", .timeLimit(.minutes(2)))
struct FleetBrokerTests {
    private static func definition() throws -> FleetDefinition { try FleetDefinition.load(contentsOf: FleetFixture.household) }

    private static func temporaryHome() throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("fleet-broker-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return home
    }

    @Test("combinations that make no sense say what to give instead", arguments: [
        (FleetBrokerChoice(shadowService: .external), "add --broker URL"),
        (FleetBrokerChoice(certificates: "certs"), "add --broker mqtts://"),
        (FleetBrokerChoice(broker: "mqtts://x:8883", credentials: "c.json", certificates: "certs"), "two ways to log in"),
        (FleetBrokerChoice(broker: "mqtts://x:8883", certificates: "certs"), "add --shadow-service external"),
        (FleetBrokerChoice(dev: true, tls: true), "cannot be combined"),
        (FleetBrokerChoice(clientCertificates: true), "needs --tls"),
        (FleetBrokerChoice(credentials: "c.json"), "the private broker makes its own credentials"),
        (FleetBrokerChoice(broker: "mqtt://127.0.0.1:1883", tls: true), "configure the private broker"),
    ])
    func refusedCombinations(choice: FleetBrokerChoice, says: String) async throws {
        #expect(choice.problem?.contains(says) == true)
        await #expect(throws: FleetControlError.invalidArgument(choice.problem ?? "")) {
            _ = try await FleetBroker.prepare(definition: try Self.definition(), choice: choice, home: try Self.temporaryHome())
        }
    }

    @Test("sensible combinations pass", arguments: [
        FleetBrokerChoice(), FleetBrokerChoice(dev: true), FleetBrokerChoice(tls: true, clientCertificates: true),
        FleetBrokerChoice(broker: "mqtt://127.0.0.1:1883", credentials: "c.json"),
        FleetBrokerChoice(broker: "mqtts://x:443", certificates: "certs", caFile: "ca.pem", shadowService: .external),
    ])
    func sensibleCombinations(choice: FleetBrokerChoice) {
        #expect(choice.problem == nil)
    }

    @Test("by default a private mosquitto that refuses anonymous clients and records the controller's login")
    func privateBrokerIsLockedDown() async throws {
        let home = try Self.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let broker = try await FleetBroker.prepare(definition: try Self.definition(), choice: FleetBrokerChoice(), home: home)
        defer { broker.privateBroker?.stop() }
        #expect(broker.privateBroker != nil)
        #expect(broker.record.username != nil && broker.record.password != nil)
        let folder = FleetBroker.folder(for: try Self.definition().name, home: home)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("credentials.json").path))
        #expect(broker.notice?.contains(folder.path) == true)
        let anonymous = MQTTSession(configuration: MQTTConfiguration(broker: broker.url, clientID: "stranger"))
        await #expect(throws: (any Error).self) { try await anonymous.connect() }
        let connection = BrokerConnection(record: broker.record)
        let controller = MQTTSession(configuration: try connection.configuration(clientID: "hatchctl-test"))
        try await connection.connect(controller)
        await controller.disconnect()
    }

    @Test("--dev: a private mosquitto that takes anonymous clients, and says so")
    func devBrokerIsAnonymous() async throws {
        let home = try Self.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let broker = try await FleetBroker.prepare(definition: try Self.definition(), choice: FleetBrokerChoice(dev: true), home: home)
        defer { broker.privateBroker?.stop() }
        #expect(broker.record.username == nil)
        #expect(broker.notice?.contains("accepts anonymous clients") == true)
        let session = MQTTSession(configuration: MQTTConfiguration(broker: broker.url, clientID: "anyone"))
        try await session.connect()
        await session.disconnect()
    }

    @Test("a broker of your own is named, not started; a bad URL or missing certificates say what to fix")
    func brokerOfYourOwn() async throws {
        let home = try Self.temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let own = try await FleetBroker.prepare(definition: try Self.definition(), choice: FleetBrokerChoice(broker: "mqtt://127.0.0.1:1883"), home: home)
        #expect(own.privateBroker == nil && own.url.description == "mqtt://127.0.0.1:1883" && own.notice == nil)
        await #expect {
            _ = try await FleetBroker.prepare(definition: try Self.definition(), choice: FleetBrokerChoice(broker: "http://nowhere"), home: home)
        } throws: { error in
            if case .invalidArgument(let message)? = error as? FleetControlError { return message.hasPrefix("--broker:") }
            return false
        }
        let aws = FleetBrokerChoice(broker: "mqtts://example.iot.amazonaws.com:443", certificates: home.path, caFile: "ca.pem", shadowService: .external)
        await #expect {
            _ = try await FleetBroker.prepare(definition: try Self.definition(), choice: aws, home: home)
        } throws: { error in
            if case .invalidArgument(let message)? = error as? FleetControlError {
                return message.contains("have no readable certificate.pem.crt") && message.contains("DIR/<thingName>/")
            }
            return false
        }
    }
}
