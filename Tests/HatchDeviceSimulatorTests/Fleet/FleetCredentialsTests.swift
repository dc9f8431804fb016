import Foundation
import HatchDeviceModel
import HatchMQTT
import Testing
@testable import HatchDeviceSimulator

/// The identities a fleet logs in with: one per device, one for the service session, shared TLS.
@Suite("Fleet credentials")
struct FleetCredentialsTests {
    static let household = FleetFileTests.devicesFolder.appendingPathComponent("household.yaml")

    static func identity(_ name: String, certificate: String? = nil) -> FleetCredentials.Identity {
        .init(credentials: MQTTCredentials(username: name, password: "secret-\(name)"), certificateFile: certificate,
              keyFile: certificate.map { $0 + ".key" })
    }

    @Test("a fleet whose credentials leave out a device refuses to start and names it; anonymous fleets need none")
    func missingDeviceRefused() throws {
        let definition = try FleetDefinition.load(contentsOf: Self.household)
        let things = definition.devices.map(\.profile.thingName)
        var credentials = FleetCredentials(service: Self.identity("hatch-fleet"))
        for thing in things.dropLast() { credentials.devices[thing] = Self.identity(thing.rawValue) }
        let broker = MQTTBrokerURL(host: "127.0.0.1", port: 1)
        #expect(throws: FleetError.self) {
            _ = try Fleet(configuration: FleetConfiguration(definition: definition, broker: broker, clock: SimulationClock(mode: .manual),
                                                            credentials: credentials))
        }
        do {
            _ = try Fleet(configuration: FleetConfiguration(definition: definition, broker: broker, clock: SimulationClock(mode: .manual),
                                                            credentials: credentials))
        } catch {
            #expect(error.description.contains(things.last!.rawValue))
            #expect(error.description.contains("hatchctl broker config"))
            #expect(!error.description.contains("secret-"))
        }
        #expect(FleetCredentials.anonymous.missingDevices(things).isEmpty)
        _ = try Fleet(configuration: FleetConfiguration(definition: definition, broker: broker, clock: SimulationClock(mode: .manual)))
    }

    @Test("a device's TLS settings are the shared CA with its own client certificate")
    func tlsPerIdentity() {
        let thing = ThingName(rawValue: "restoreV5_a4c138100001")
        let credentials = FleetCredentials(
            devices: [thing: Self.identity(thing.rawValue, certificate: "/pki/device.crt")],
            service: Self.identity("hatch-fleet"), tls: MQTTTLSConfiguration(caFile: "/pki/ca.crt"))
        #expect(credentials.tls(for: thing) == MQTTTLSConfiguration(caFile: "/pki/ca.crt", certificateFile: "/pki/device.crt", keyFile: "/pki/device.crt.key"))
        #expect(credentials.serviceTLS == MQTTTLSConfiguration(caFile: "/pki/ca.crt"))
        #expect(credentials.credentials(for: thing)?.username == thing.rawValue)
        #expect(FleetCredentials(devices: [thing: Self.identity(thing.rawValue)]).tls(for: thing) == nil)
    }
}
