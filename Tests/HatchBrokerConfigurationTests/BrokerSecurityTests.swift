import Foundation
import HatchBrokerConfiguration
import HatchDeviceModel
import HatchMosquittoBroker
import Testing

/// A whole configuration folder written for a fleet, written again, and refused when it cannot work.
@Suite("Broker security")
struct BrokerSecurityTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("broker-security-\(UUID().uuidString)", isDirectory: true)

    private static let devices = [
        BrokerDevice(name: "Nursery", macAddress: "A4:C1:38:00:00:01", product: "restoreV5", thing: ThingName(rawValue: "restoreV5_a4c138000001")),
        BrokerDevice(name: "Bedroom", macAddress: "A4:C1:38:00:00:02", product: "riot", thing: ThingName(rawValue: "riot_a4c138000002")),
    ]

    private func settings(tls: Bool = false, rotate: Bool = false) -> BrokerSecurity.Settings {
        var settings = BrokerSecurity.Settings(folder: folder)
        settings.port = 1883
        settings.tlsPort = tls ? 8883 : nil
        settings.clientCertificates = tls
        settings.rotate = rotate
        settings.dynamicSecurityPlugin = "/usr/lib/mosquitto_dynamic_security.so"
        return settings
    }

    @Test("every file written, secrets 0600; a second run keeps every password, --rotate replaces them")
    func generateAndKeep() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (first, summary) = try BrokerSecurity(fleet: "lab", devices: Self.devices, settings: settings(tls: true)).generate()
        #expect(summary.devices == 2 && summary.newPasswords == 4 && summary.keptPasswords == 0)
        for file in [BrokerConfigurationFiles.passwords, BrokerConfigurationFiles.acl, BrokerConfigurationFiles.clientIDBinding,
                     BrokerCredentialsFile.fileName, BrokerConfigurationFiles.serverKey] {
            #expect(SecretFile.permissions(of: folder.appendingPathComponent(file)) == 0o600, "\(file)")
        }
        #expect(first.devices["riot_a4c138000002"]?.certificateFile == "tls/clients/riot_a4c138000002.crt")
        #expect(first.tls?.caFile == BrokerConfigurationFiles.caCertificate)
        let conf = try String(contentsOf: folder.appendingPathComponent(BrokerConfigurationFiles.configuration), encoding: .utf8)
        #expect(conf.contains("\nrequire_certificate true\n") && conf.contains("\nlistener 1883\n"), "\(conf)")

        // The report for a person: what was written, how to run the fleet against it, and no password.
        #expect(summary.text.contains("(2 devices)") && summary.text.contains("mqtt 1883, mqtts 8883"), "\(summary.text)")
        #expect(summary.text.contains("--credentials \(summary.credentialsFile)") && summary.text.contains("a client certificate per user"))
        #expect(!summary.text.contains(first.controller.password) && !summary.text.contains("shadow-service"), "\(summary.text)")
        let (second, again) = try BrokerSecurity(fleet: "lab", devices: Self.devices, settings: settings(tls: true)).generate()
        #expect(second == first, "passwords and certificates kept")
        #expect(again.keptPasswords == 4 && again.newPasswords == 0)
        let (rotated, _) = try BrokerSecurity(fleet: "lab", devices: Self.devices, settings: settings(tls: true, rotate: true)).generate()
        #expect(rotated.controller.password != first.controller.password)
        #expect(rotated.devices.keys.sorted() == first.devices.keys.sorted())
    }

    @Test("bad input: no listener, a folder the broker would see with a space, a thing name that cannot be a username")
    func refusals() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var noListener = settings()
        noListener.port = nil
        #expect(throws: BrokerConfigurationError.noListener) {
            try BrokerSecurity(fleet: "lab", devices: Self.devices, settings: noListener).generate()
        }
        var spaced = settings()
        spaced.brokerPath = "/mosquitto/my config"
        #expect(throws: BrokerConfigurationError.pathWithSpaces("/mosquitto/my config")) {
            try BrokerSecurity(fleet: "lab", devices: Self.devices, settings: spaced).generate()
        }
        let odd = BrokerDevice(name: "Odd", macAddress: "x", product: "restoreV5", thing: ThingName(rawValue: "restore/#"))
        #expect(throws: BrokerConfigurationError.invalidUsername("restore/#")) {
            try BrokerSecurity(fleet: "lab", devices: [odd], settings: settings()).generate()
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(BrokerCredentialsFile.fileName).path),
                "nothing written for a refused fleet")
    }
}
