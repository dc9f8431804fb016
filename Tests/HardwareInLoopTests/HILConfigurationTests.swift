import Foundation
import HatchDeviceModel
import HatchHardwareInLoop
import HatchMQTT
import Testing

/// The suite's configuration: which target the environment selects, and the errors that say what to set.
@Suite("HIL configuration")
struct HILConfigurationTests {
    @Test("no broker URL: the private fleet of one device per product")
    func defaultIsPrivateFleet() throws {
        guard case .simulated(let fleet) = try HILTargetConfiguration.fromEnvironment([:]), case .fleetFile(let file) = fleet.devices else {
            Issue.record("an empty environment did not select the simulated fleet of a fleet file")
            return
        }
        #expect(fleet.shadowService == .fused)
        #expect(file.lastPathComponent == "all-products.yaml")
        #expect(try HILDevice.load(fleetFile: file).map(\.product).sorted { $0.rawValue < $1.rawValue }
            == HardwareProduct.allCases.sorted { $0.rawValue < $1.rawValue })
    }

    @Test("a fleet file without a broker URL is the private fleet's file")
    func privateFleetFile() throws {
        guard case .simulated(let fleet) = try HILTargetConfiguration.fromEnvironment(["HATCH_HIL_DEVICES": "devices/household.yaml"]),
              case .fleetFile(let file) = fleet.devices else {
            Issue.record("a fleet file alone did not select the private fleet")
            return
        }
        #expect(file.lastPathComponent == "household.yaml")
    }

    @Test("HATCH_HIL_SHADOW_SERVICE=split runs the simulated fleet's shadow service apart")
    func splitShadowService() throws {
        for value in ["split", "external", "Split"] {
            guard case .simulated(let fleet) = try HILTargetConfiguration.fromEnvironment(["HATCH_HIL_SHADOW_SERVICE": value]) else {
                Issue.record("HATCH_HIL_SHADOW_SERVICE=\(value) did not select the simulated fleet")
                continue
            }
            #expect(fleet.shadowService == .split, "\(value)")
        }
    }

    @Test("external: MAC=product pairs separated by commas or spaces, credentials and TLS files")
    func externalList() throws {
        let ca = HILTargetConfiguration.defaultFleetFile.path
        let configuration = try HILTargetConfiguration.fromEnvironment( [
            "HATCH_HIL_BROKER_URL": "mqtts://broker.example:8883",
            "HATCH_HIL_DEVICES": "A4:C1:38:10:00:01=restoreV5, a4c138100004=restMini  A4:C1:38:10:00:03=riotPlus",
            "HATCH_HIL_CA_FILE": ca, "HATCH_HIL_USERNAME": "hil", "HATCH_HIL_PASSWORD": "secret",
        ])
        guard case .external(let target) = configuration else {
            Issue.record("a broker URL did not select an external target")
            return
        }
        #expect(target.broker == MQTTBrokerURL(host: "broker.example", port: 8883, usesTLS: true))
        #expect(target.devices.map(\.product) == [.restoreV5, .restMini, .riotPlus])
        #expect(target.devices.map(\.macAddress.rawValue) == ["A4:C1:38:10:00:01", "A4:C1:38:10:00:04", "A4:C1:38:10:00:03"])
        #expect(target.credentials == MQTTCredentials(username: "hil", password: "secret"))
        #expect(target.tls?.caFile == ca)
    }

    @Test("external: a fleet file names the devices")
    func externalFleetFile() throws {
        guard case .external(let target) = try HILTargetConfiguration.fromEnvironment( [
            "HATCH_HIL_BROKER_URL": "mqtt://127.0.0.1:18830", "HATCH_HIL_DEVICES": "devices/household.yaml",
        ]) else {
            Issue.record("a broker URL did not select an external target")
            return
        }
        #expect(target.devices.map(\.name) == ["Nursery", "Parents", "Kids room Rest+", "Travel Rest Mini"])
        #expect(target.tls == nil && target.credentials == nil)
    }

    @Test("invalid settings fail with an error that names what to set", arguments: [
        (["HATCH_HIL_BROKER_URL": "http://x", "HATCH_HIL_DEVICES": "A4:C1:38:10:00:01=restoreV5"], "HATCH_HIL_BROKER_URL='http://x'"),
        (["HATCH_HIL_BROKER_URL": "mqtt://127.0.0.1:99999", "HATCH_HIL_DEVICES": "A4:C1:38:10:00:01=restoreV5"], "is not a broker address"),
        (["HATCH_HIL_BROKER_URL": "mqtt://127.0.0.1:1883"], "HATCH_HIL_DEVICES is not"),
        (["HATCH_HIL_BROKER_URL": "mqtt://127.0.0.1:1883", "HATCH_HIL_DEVICES": "A4:C1:38:10:00:01=restore9"], "unknown product 'restore9'"),
        (["HATCH_HIL_BROKER_URL": "mqtt://127.0.0.1:1883", "HATCH_HIL_DEVICES": "A4:C1:38:10:00=restoreV5"], "is not a MAC address"),
        (["HATCH_HIL_BROKER_URL": "mqtt://127.0.0.1:1883", "HATCH_HIL_DEVICES": "restoreV5"], "cannot use the fleet file"),
        (["HATCH_HIL_BROKER_URL": "mqtt://127.0.0.1:1883", "HATCH_HIL_DEVICES": "/nonexistent/fleet.yaml"], "cannot use the fleet file /nonexistent/fleet.yaml"),
        (["HATCH_HIL_DEVICES": "/nonexistent/fleet.yaml"], "cannot use the fleet file"),
        (["HATCH_HIL_DEVICES": "A4:C1:38:10:00:01=restoreV5"], "set HATCH_HIL_BROKER_URL"),
        (["HATCH_HIL_SHADOW_SERVICE": "both"], "HATCH_HIL_SHADOW_SERVICE='both' is neither 'fused' nor 'split'"),
        (["HATCH_HIL_CA_FILE": "ca.pem"], "HATCH_HIL_CA_FILE is set but HATCH_HIL_BROKER_URL is not"),
        (["HATCH_HIL_BROKER_URL": "mqtts://h:8883", "HATCH_HIL_DEVICES": "A4:C1:38:10:00:01=restoreV5", "HATCH_HIL_CA_FILE": "/nonexistent/ca.pem"],
         "HATCH_HIL_CA_FILE=/nonexistent/ca.pem cannot be read"),
        (["HATCH_HIL_BROKER_URL": "mqtt://h:1883", "HATCH_HIL_DEVICES": "A4:C1:38:10:00:01=restoreV5", "HATCH_HIL_PASSWORD": "p"], "HATCH_HIL_USERNAME"),
    ])
    func invalid(environment: [String: String], expected: String) {
        do {
            let configuration = try HILTargetConfiguration.fromEnvironment( environment)
            Issue.record("accepted \(environment) as \(configuration)")
        } catch {
            #expect(error.description.contains(expected), "\(error.description)")
        }
    }
}
