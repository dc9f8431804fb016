import Foundation
import HatchBrokerConfiguration
import HatchDeviceModel
import HatchMosquittoBroker
import Testing

/// `credentials.json`: written 0600, read back whole, and bad files refused without showing a secret.
@Suite("Credentials file")
struct CredentialsFileTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("broker-credentials-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static let sample: BrokerCredentialsFile = {
        let device = BrokerDevice(name: "Nursery", macAddress: "A4:C1:38:00:00:01", product: "restoreV5",
                                  thing: ThingName(rawValue: "restoreV5_a4c138000001"))
        var identity = BrokerCredentialsFile.DeviceIdentity(device: device, username: device.thing.rawValue, password: "device-secret")
        identity.certificateFile = "tls/clients/restoreV5_a4c138000001.crt"
        identity.keyFile = "tls/clients/restoreV5_a4c138000001.key"
        return BrokerCredentialsFile(
            fleet: "lab", controller: .init(username: "hatch-controller", password: "controller-secret"),
            service: .init(username: "hatch-fleet", password: "service-secret"),
            devices: [device.thing.rawValue: identity], tls: .init(caFile: "tls/ca.crt"))
    }()

    @Test("saved with mode 0600 and loaded back equal; relative paths resolve against the file's folder")
    func roundTrip() throws {
        let out = try folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let url = out.appendingPathComponent(BrokerCredentialsFile.fileName)
        try Self.sample.save(to: url)
        #expect(SecretFile.permissions(of: url) == 0o600)
        #expect(try BrokerCredentialsFile.load(from: url) == Self.sample)
        #expect(Self.sample.tlsConfiguration(relativeTo: out)?.caFile == out.appendingPathComponent("tls/ca.crt").standardizedFileURL.path)
        #expect(BrokerCredentialsFile.resolve("/etc/ca.crt", in: out) == "/etc/ca.crt")
    }

    @Test("a missing file says how to generate one")
    func missing() throws {
        let out = try folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let url = out.appendingPathComponent("nothing.json")
        let error = #expect(throws: BrokerConfigurationError.self) { try BrokerCredentialsFile.load(from: url) }
        guard case .unreadableCredentials(let path, _)? = error else {
            Issue.record("expected unreadableCredentials, got \(String(describing: error))")
            return
        }
        #expect(path == url.path)
        #expect(error?.description.contains("hatchctl broker config --devices FILE --out DIR") == true)
    }

    @Test("bad input: not JSON, a missing key, a wrong type; the message names the key, never a password", arguments: [
        ("{ not json", "it is not valid JSON"),
        (#"{"format": 1, "fleet": "lab", "service": {"username": "u", "password": "pw-in-file"}, "devices": {}}"#, "the key 'controller' is missing"),
        (#"{"format": 1, "fleet": "lab", "controller": {"username": "u", "password": 42}, "service": {"username": "u", "password": "pw-in-file"}, "devices": {}}"#,
         "unexpected value at 'controller.password'"),
    ])
    func malformed(text: String, shape: String) throws {
        let out = try folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let url = out.appendingPathComponent(BrokerCredentialsFile.fileName)
        try Data(text.utf8).write(to: url)
        let error = #expect(throws: BrokerConfigurationError.self) { try BrokerCredentialsFile.load(from: url) }
        #expect(error == .malformedCredentials(path: url.path, shape: shape))
        #expect(error?.description.contains("pw-in-file") == false)
        #expect(error?.description.contains("--rotate") == true)
    }
}
