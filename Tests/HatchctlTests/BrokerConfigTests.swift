import Foundation
import HatchMosquittoBroker
import Testing

/// `hatchctl broker config`: the files it writes, their modes, and what running it again keeps.
@Suite("hatchctl broker config", .timeLimit(.minutes(2)))
struct BrokerConfigTests {
    @Test("mosquitto.conf without anonymous access, a 0600 password file of mosquitto 2 hashes, the ACL, 0600 credentials; no password printed")
    func generatedFiles() async throws {
        let hatchctl = try Hatchctl()
        let config = try await GeneratedBrokerConfig.generate(hatchctl)
        let folder = config.folder.path

        let conf = try String(contentsOf: config.configurationFile, encoding: .utf8)
        for line in ["allow_anonymous false", "password_file \(folder)/passwords", "acl_file \(folder)/acl", "listener 1883", "log_dest stdout"] {
            #expect(conf.contains(line + "\n"), "missing '\(line)' in:\n\(conf)")
        }
        #expect(!conf.contains("8883"))
        #expect(conf.contains("persistence false\n"), "no --persistence-path: retained messages live in memory only")

        #expect(SecretFile.permissions(of: config.passwordFile) == 0o600)
        #expect(SecretFile.permissions(of: config.credentialsFile) == 0o600)
        let hashes = try String(contentsOf: config.passwordFile, encoding: .utf8).split(separator: "\n")
        #expect(hashes.count == 6)
        #expect(hashes.allSatisfy { $0.contains(":$7$") }, "\(hashes)")
        #expect(Set(hashes.map { String($0.prefix { $0 != ":" }) }) == Set(["hatch-controller", "hatch-fleet"] + config.devices.keys))

        let acl = try String(contentsOf: config.aclFile, encoding: .utf8)
        for line in [
            "user restoreV5_a4c138100001", "topic readwrite $aws/things/restoreV5_a4c138100001/shadow/#",
            "topic readwrite hatch/things/restoreV5_a4c138100001/#", "topic write hatch/registry/restoreV5_a4c138100001",
            "user hatch-controller", "topic write $aws/things/+/shadow/update", "topic write hatch/fleet/control",
            "user hatch-fleet", "topic write $aws/things/+/shadow/+/+", "topic read hatch/fleet/control",
            // Named shadows: apps request, the service answers.
            "topic write $aws/things/+/shadow/name/+/update", "topic write $aws/things/+/shadow/name/+/+/+",
        ] {
            #expect(acl.contains(line + "\n"), "missing '\(line)' in:\n\(acl)")
        }
        #expect(config.devices["restoreV5_a4c138100001"]?.username == "restoreV5_a4c138100001")
        #expect(Set(config.passwords).count == 6, "passwords must differ")

        // Each device login bound to its thing name as client id, with the password file's own hash; the
        // controller and the fleet service are not bound.
        let plugin = try #require(conf.split(separator: "\n").first { $0.hasPrefix("plugin ") }, "no plugin line in:\n\(conf)")
        #expect(plugin.hasSuffix("/mosquitto_dynamic_security.so") && FileManager.default.fileExists(atPath: String(plugin.dropFirst("plugin ".count))),
                "\(plugin)")
        #expect(conf.contains("plugin_opt_config_file \(folder)/client-ids.json\n"), "\(conf)")
        let bindingFile = config.folder.appendingPathComponent("client-ids.json")
        #expect(SecretFile.permissions(of: bindingFile) == 0o600)
        let binding = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: bindingFile)) as? [String: Any])
        let clients = try #require(binding["clients"] as? [[String: Any]])
        #expect(Set(clients.compactMap { $0["username"] as? String }) == Set(config.devices.keys))
        for client in clients {
            let username = try #require(client["username"] as? String)
            #expect(client["clientid"] as? String == username)
            let line = try #require(hashes.first { $0.hasPrefix(username + ":") })
            #expect(line.hasSuffix("$\(client["salt"] as? String ?? "?")$\(client["password"] as? String ?? "?")"), "\(client) vs \(line)")
        }
        let access = try #require(binding["defaultACLAccess"] as? [String: Bool])
        #expect(access["publishClientSend"] == false && access["publishClientReceive"] == false && access["subscribe"] == false,
                "the plugin must leave topics to the ACL: \(access)")
        #expect(config.passwords.allSatisfy { $0.count >= 40 })

        let json = try await hatchctl.run(["broker", "config", "--devices", HouseholdFleet.packageRoot.appendingPathComponent("devices/household.yaml").path,
                                           "--out", folder, "--json"])
        let summary = try #require(try json.json() as? [String: Any], "\(json)")
        #expect(summary["devices"] as? Int == 4)
        #expect(summary["keptPasswords"] as? Int == 6)
        #expect(summary["clientIDFile"] as? String == bindingFile.path, "\(summary)")
        for output in [config.output.standardOutput, config.output.standardError, json.standardOutput, json.standardError, conf, acl] {
            for secret in config.passwords { #expect(!output.contains(secret), "a password was printed: \(output)") }
        }
    }

    @Test("running it again keeps every password; --rotate replaces them all")
    func keepAndRotate() async throws {
        let hatchctl = try Hatchctl()
        let first = try await GeneratedBrokerConfig.generate(hatchctl)
        let again = try await GeneratedBrokerConfig.generate(hatchctl, folder: first.folder, ["--tls"])
        #expect(again.controller.password == first.controller.password)
        #expect(again.service.password == first.service.password)
        #expect(again.devices.mapValues(\.password) == first.devices.mapValues(\.password))
        #expect(again.output.standardOutput.contains("0 new, 6 kept"), "\(again.output)")
        let ca = try Data(contentsOf: URL(fileURLWithPath: try #require(again.caFile)))

        let rotated = try await GeneratedBrokerConfig.generate(hatchctl, folder: first.folder, ["--tls", "--rotate"])
        #expect(Set(rotated.passwords).isDisjoint(with: first.passwords))
        #expect(try Data(contentsOf: URL(fileURLWithPath: try #require(rotated.caFile))) != ca, "--rotate keeps the CA")
        #expect(rotated.output.standardOutput.contains("6 new, 0 kept"), "\(rotated.output)")
    }

    @Test("--tls: a CA, a server certificate for 127.0.0.1 and a TLS listener; --client-certificates: one per identity, required")
    func tlsFiles() async throws {
        let hatchctl = try Hatchctl()
        let config = try await GeneratedBrokerConfig.generate(hatchctl, ["--tls", "--client-certificates", "--tls-only", "--server-name", "mosquitto",
                                                                         "--broker-path", "/mosquitto/config",
                                                                         "--persistence-path", "/mosquitto/data"])
        let tls = config.folder.appendingPathComponent("tls")
        for key in ["ca.key", "server.key", "clients/hatch-controller.key", "clients/restoreV5_a4c138100001.key"] {
            #expect(SecretFile.permissions(of: tls.appendingPathComponent(key)) == 0o600, "\(key)")
        }
        let conf = try String(contentsOf: config.configurationFile, encoding: .utf8)
        for line in ["listener 8883", "cafile /mosquitto/config/tls/ca.crt", "certfile /mosquitto/config/tls/server.crt",
                     "require_certificate true", "password_file /mosquitto/config/passwords",
                     "persistence true", "persistence_location /mosquitto/data/"] {
            #expect(conf.contains(line + "\n"), "missing '\(line)' in:\n\(conf)")
        }
        #expect(!conf.contains("listener 1883"))
        #expect(!conf.contains("user root"))
        #expect(conf.contains("plugin /usr/lib/mosquitto_dynamic_security.so\n"), "the eclipse-mosquitto image's plugin:\n\(conf)")
        #expect(conf.contains("plugin_opt_config_file /mosquitto/config/client-ids.json\n"), "\(conf)")
        let other = try await GeneratedBrokerConfig.generate(hatchctl, folder: hatchctl.home.appendingPathComponent("other"),
                                                             ["--dynamic-security-plugin", "/opt/mosquitto/lib/mosquitto_dynamic_security.so"])
        let otherConf = try String(contentsOf: other.configurationFile, encoding: .utf8)
        #expect(otherConf.contains("plugin /opt/mosquitto/lib/mosquitto_dynamic_security.so\n"), "\(otherConf)")
        #expect(config.devices.values.allSatisfy { $0.certificateFile != nil && $0.keyFile != nil })
        let names = try Self.openssl(["x509", "-in", tls.appendingPathComponent("server.crt").path, "-noout", "-ext", "subjectAltName"])
        #expect(names.contains("DNS:mosquitto"), "\(names)")
        let verified = try Self.openssl(["verify", "-CAfile", tls.appendingPathComponent("ca.crt").path,
                                         tls.appendingPathComponent("clients/restoreV4_a4c138100002.crt").path])
        #expect(verified.contains("OK"), "\(verified)")
    }

    @Test("bad input: a missing fleet file and contradictory flags are refused")
    func badInput() async throws {
        let hatchctl = try Hatchctl()
        let missing = try await hatchctl.run(["broker", "config", "--devices", "/nonexistent.yaml", "--out", hatchctl.home.path + "/x"])
        #expect(missing.status == 9, "\(missing)")
        let contradictory = try await hatchctl.run(["broker", "config", "--out", hatchctl.home.path + "/x", "--client-certificates"])
        #expect(contradictory.status == 64, "\(contradictory)")
        #expect(contradictory.standardError.contains("need --tls"))
    }

    static func openssl(_ arguments: [String]) throws -> String {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }
}
