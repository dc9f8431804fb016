import Foundation
import HatchMosquittoBroker
import Testing

/// `hatchctl fleet run` with its private broker locked down by default (password file and ACL made
/// in `$HATCH_HOME/broker/<fleet>/`), over TLS with `--tls`, anonymous with `--dev`, and against a
/// broker of one's own with `--broker URL --credentials FILE`; and that no generated password ever
/// shows up in what `hatchctl` prints.
@Suite("hatchctl fleet run, secured", .serialized, .timeLimit(.minutes(4)))
struct SecuredFleetRunTests {
    @Test("by default the private broker needs passwords; hatchctl logs in from broker.json (0600); no secret in any output")
    func securedByDefault() async throws {
        let hatchctl = try Hatchctl()
        var outputs: [String] = []
        var config: GeneratedBrokerConfig?
        try await FleetRunProcess.with(hatchctl) { fleet in
            let folder = hatchctl.home.appendingPathComponent("broker/household")
            let generated = try GeneratedBrokerConfig.load(folder: folder, output: .init(status: 0, standardOutput: "", standardError: ""))
            config = generated
            #expect(generated.devices.count == 4)
            #expect(SecretFile.permissions(of: generated.passwordFile) == 0o600)
            #expect(SecretFile.permissions(of: generated.credentialsFile) == 0o600)
            #expect(SecretFile.permissions(of: fleet.recordFile) == 0o600)
            let conf = try String(contentsOf: generated.configurationFile, encoding: .utf8)
            #expect(conf.contains("allow_anonymous false"))
            #expect(conf.contains("acl_file \(folder.path)/acl"))
            #expect(fleet.standardError.contains("no anonymous access, each device logs in as itself"), "\(fleet.standardError)")

            let record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: fleet.recordFile)) as? [String: Any])
            #expect(record["username"] as? String == "hatch-controller")
            #expect(record["password"] as? String == generated.controller.password)
            let url = try #require(record["url"] as? String)

            // The commands that the against-fleet suite covers, through the locked-down broker.
            let devices = try await hatchctl.run(["devices"])
            #expect(devices.status == 0, "\(devices)")
            #expect(devices.standardOutput.contains("Parents"))
            let state = try await hatchctl.run(["state", "Parents", "--json"])
            #expect(state.status == 0, "\(state)")
            let light = try await hatchctl.run(["light", "Nursery", "red", "--json"])
            #expect(light.status == 0, "\(light)")
            let alarms = try await hatchctl.run(["alarm", "list", "Parents"])
            #expect(alarms.status == 0, "\(alarms)")
            #expect(alarms.standardOutput.contains("Work days"))
            let routine = try await hatchctl.run(["routine", "start", "Parents", "wind down"])
            #expect(routine.status == 0, "\(routine)")
            // The control channel: hatchctl as controller, the fleet's service session answering.
            let status = try await hatchctl.run(["fleet", "status", "--json"])
            #expect(status.status == 0, "\(status)")
            // A dropped device logs in again with its own credential; the service republishes its presence meanwhile.
            let fault = try await hatchctl.run(["fleet", "fault", "dropConnection", "--device", "Travel Rest Mini", "--reconnect-after", "1", "--json"])
            #expect(fault.status == 0, "\(fault)")
            outputs += [fault.standardOutput, fault.standardError]
            var back = false
            for _ in 0..<50 where !back {
                try await Task.sleep(for: .milliseconds(200))
                let mini = try await hatchctl.run(["state", "Travel Rest Mini", "--json"])
                back = mini.status == 0
            }
            #expect(back, "the dropped device did not come back online with its credential")

            // Without the recorded credentials the broker refuses hatchctl, and says why.
            let anonymous = try await hatchctl.run(["devices", "--broker", url, "--credentials", "/nonexistent/credentials.json"])
            #expect(anonymous.status == 9, "\(anonymous)")
            let other = try Hatchctl()
            let refused = try await other.run(["devices", "--broker", url, "--json"])
            #expect(refused.status == 3, "\(refused)")
            #expect(refused.standardOutput.contains("brokerRefusedCredentials"), "\(refused)")
            let external = try await other.run(["devices", "--broker", url, "--credentials", generated.credentialsFile.path])
            #expect(external.status == 0, "\(external)")
            for result in [devices, state, light, alarms, routine, status, anonymous, refused, external] {
                outputs += [result.standardOutput, result.standardError]
            }
            await fleet.stop()
            outputs += [fleet.standardOutput, fleet.standardError, (try? String(contentsOf: generated.logFile, encoding: .utf8)) ?? ""]
        }
        let passwords = try #require(config).passwords
        #expect(passwords.count == 6)
        for output in outputs {
            for secret in passwords { #expect(!output.contains(secret), "a generated password leaked into: \(output)") }
        }
        #expect(!FileManager.default.fileExists(atPath: hatchctl.home.appendingPathComponent("broker.json").path))
    }

    @Test("--tls: the fleet and hatchctl talk over TLS end to end; a client that does not trust the CA is refused with a TLS error")
    func tlsEndToEnd() async throws {
        let hatchctl = try Hatchctl()
        try await FleetRunProcess.with(hatchctl, ["--tls", "--json"]) { fleet in
            let record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: fleet.recordFile)) as? [String: Any])
            let url = try #require(record["url"] as? String)
            #expect(url.hasPrefix("mqtts://127.0.0.1:"))
            let conf = try String(contentsOf: hatchctl.home.appendingPathComponent("broker/household/mosquitto.conf"), encoding: .utf8)
            #expect(conf.contains("certfile"))
            #expect(!conf.contains("# Plain MQTT"), "the TLS broker also listens in plain text:\n\(conf)")

            let state = try await hatchctl.run(["state", "Nursery", "--json"])
            #expect(state.status == 0, "\(state)")
            #expect((try state.json() as? [String: Any])?["name"] as? String == "Nursery")

            // Another CA: the handshake fails and hatchctl says it does not trust the broker.
            let stranger = try Hatchctl()
            let otherCA = try await GeneratedBrokerConfig.generate(stranger, ["--tls"])
            let config = try GeneratedBrokerConfig.load(folder: hatchctl.home.appendingPathComponent("broker/household"),
                                                        output: .init(status: 0, standardOutput: "", standardError: ""))
            let forged = #"{"url": "\#(url)", "username": "hatch-controller", "password": "\#(config.controller.password)", "caFile": "\#(otherCA.caFile ?? "")"}"#
            try Data(forged.utf8).write(to: stranger.home.appendingPathComponent("broker.json"))
            let untrusted = try await stranger.run(["devices"])
            #expect(untrusted.status == 3, "\(untrusted)")
            #expect(untrusted.standardError.contains("TLS handshake"), "\(untrusted)")
            #expect(untrusted.standardError.contains("not trusted"), "\(untrusted)")
            let untrustedJSON = try await stranger.run(["devices", "--json"])
            let error = try #require((try untrustedJSON.json() as? [String: Any])?["error"] as? [String: Any], "\(untrustedJSON)")
            #expect(error["kind"] as? String == "brokerTLSFailed")

            await fleet.stop()
            let lines = fleet.standardOutput.split(separator: "\n")
            #expect(lines.contains { $0.contains("\"connected\"") }, "\(fleet.standardOutput)")
            for output in [fleet.standardOutput, fleet.standardError, state.standardOutput, untrusted.standardError, untrustedJSON.standardOutput] {
                for secret in config.passwords { #expect(!output.contains(secret), "a generated password leaked into: \(output)") }
            }
        }
    }

    @Test("--tls --client-certificates: every login presents its certificate; a client without one is told the broker requires it")
    func clientCertificatesRequired() async throws {
        let hatchctl = try Hatchctl()
        try await FleetRunProcess.with(hatchctl, ["--tls", "--client-certificates", "--json"]) { fleet in
            let record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: fleet.recordFile)) as? [String: Any])
            #expect(record["certificateFile"] is String, "\(record)")
            let state = try await hatchctl.run(["state", "Nursery", "--json"])
            #expect(state.status == 0, "\(state)")

            // The same login without its certificate: the broker ends the handshake, and hatchctl says why.
            var bare = record
            bare["certificateFile"] = nil
            bare["keyFile"] = nil
            let stranger = try Hatchctl()
            try JSONSerialization.data(withJSONObject: bare).write(to: stranger.home.appendingPathComponent("broker.json"))
            let refused = try await stranger.run(["devices"])
            #expect(refused.status == 3, "\(refused)")
            #expect(refused.standardError.contains("requires a client certificate (mutual TLS)"), "\(refused)")
            #expect(!refused.standardError.contains("connection lost"), "\(refused)")
            let json = try await stranger.run(["devices", "--json"])
            let error = try #require((try json.json() as? [String: Any])?["error"] as? [String: Any], "\(json)")
            #expect(error["kind"] as? String == "brokerRequiresClientCertificate")
            let password = try #require(record["password"] as? String)
            for output in [refused.standardOutput, refused.standardError, json.standardOutput] { #expect(!output.contains(password)) }
        }
    }

    @Test("--dev: an anonymous private broker, and fleet run says so")
    func developmentBroker() async throws {
        let hatchctl = try Hatchctl()
        try await FleetRunProcess.with(hatchctl, ["--dev"]) { fleet in
            #expect(fleet.standardError.contains("--dev"), "\(fleet.standardError)")
            #expect(fleet.standardError.contains("accepts anonymous clients"), "\(fleet.standardError)")
            let record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: fleet.recordFile)) as? [String: Any])
            #expect(record["username"] == nil)
            let devices = try await Hatchctl().run(["devices", "--broker", try #require(record["url"] as? String)])
            #expect(devices.status == 0, "\(devices)")
        }
    }

    @Test("--broker URL --credentials FILE: the fleet logs in to a broker configured with `broker config`")
    func externalBrokerWithCredentials() async throws {
        let hatchctl = try Hatchctl()
        let port = try MosquittoBroker.freeLoopbackPort()
        let config = try await GeneratedBrokerConfig.generate(hatchctl, ["--host", "127.0.0.1", "--port", String(port),
                                                                         "--log-file", hatchctl.home.appendingPathComponent("broker-config/mosquitto.log").path])
        let broker = try await config.startBroker(plainPort: port)
        defer { broker.stop() }
        try await FleetRunProcess.with(hatchctl, ["--broker", broker.url, "--credentials", config.credentialsFile.path]) { fleet in
            let state = try await hatchctl.run(["state", "Travel Rest Mini"])
            #expect(state.status == 0, "\(state)")
            // Without --credentials the fleet's devices cannot log in.
            let anonymous = try await Hatchctl().run(["fleet", "run", "--broker", broker.url, "--duration", "5",
                                                      "--devices", HouseholdFleet.packageRoot.appendingPathComponent("devices/household.yaml").path])
            #expect(anonymous.status == 3, "\(anonymous)")
            #expect(anonymous.standardError.contains("not authorized"), "\(anonymous)")
            await fleet.stop()
            for output in [fleet.standardOutput, fleet.standardError, anonymous.standardError, broker.log] {
                for secret in config.passwords { #expect(!output.contains(secret), "a generated password leaked into: \(output)") }
            }
        }
    }
}
