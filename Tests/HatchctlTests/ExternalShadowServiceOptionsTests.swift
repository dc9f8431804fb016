import Foundation
import Testing

/// `fleet run --shadow-service external` and its AWS IoT Core options, without a broker: what is
/// refused and what it says to do, the certificate folder layout, and ALPN on port 443.
@Suite("fleet run --shadow-service external: options", .timeLimit(.minutes(2)))
struct ExternalShadowServiceOptionsTests {
    static let devices = HouseholdFleet.packageRoot.appendingPathComponent("devices/household.yaml").path

    @Test("external needs a broker; --certificates needs external and an mqtts:// broker")
    func refusedCombinations() async throws {
        let hatchctl = try Hatchctl()
        let private_ = try await hatchctl.run(["fleet", "run", "--devices", Self.devices, "--shadow-service", "external"])
        #expect(private_.status == 64, "\(private_)")
        #expect(private_.standardError.contains("add --broker URL"), "\(private_)")
        let plain = try await hatchctl.run(["fleet", "run", "--devices", Self.devices, "--shadow-service", "external",
                                           "--broker", "mqtt://127.0.0.1:1", "--certificates", "/tmp"])
        #expect(plain.status == 64, "\(plain)")
        #expect(plain.standardError.contains("mqtts://"), "\(plain)")
        let fused = try await hatchctl.run(["fleet", "run", "--devices", Self.devices, "--broker", "mqtts://127.0.0.1:1", "--certificates", "/tmp"])
        #expect(fused.status == 64, "\(fused)")
        #expect(fused.standardError.contains("--shadow-service external"), "\(fused)")
    }

    @Test("a device without its certificate and key: exit 9 naming the folder layout")
    func missingCertificates() async throws {
        let hatchctl = try Hatchctl()
        let folder = hatchctl.home.appendingPathComponent("certificates")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let result = try await hatchctl.run(["fleet", "run", "--devices", Self.devices, "--shadow-service", "external",
                                             "--broker", "mqtts://127.0.0.1:8883", "--certificates", folder.path, "--ca-file", "/dev/null"])
        #expect(result.status == 9, "\(result)")
        #expect(result.standardError.contains("4 device(s) have no readable certificate.pem.crt and private.pem.key"), "\(result)")
        #expect(result.standardError.contains("DIR/<thingName>/certificate.pem.crt"), "\(result)")
    }

    @Test("on port 443 each device offers ALPN x-amzn-mqtt-ca with its own certificate")
    func alpnOnPort443() async throws {
        let hatchctl = try Hatchctl()
        let folder = hatchctl.home.appendingPathComponent("certificates")
        for thing in ["restoreV5_a4c138100001", "restoreV4_a4c138100002", "riotPlus_a4c138100003", "restMini_a4c138100004"] {
            let own = folder.appendingPathComponent(thing)
            try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
            for name in ["certificate.pem.crt", "private.pem.key"] { try Data("not a PEM".utf8).write(to: own.appendingPathComponent(name)) }
        }
        let result = try await hatchctl.run(["fleet", "run", "--devices", Self.devices, "--shadow-service", "external", "--duration", "1",
                                             "--broker", "mqtts://127.0.0.1:443", "--certificates", folder.path, "--ca-file", "/dev/null"])
        #expect(result.status != 0, "\(result)")
        #expect(result.standardError.contains("with a certificate per device from \(folder.path) (ALPN x-amzn-mqtt-ca)"), "\(result)")
    }
}
