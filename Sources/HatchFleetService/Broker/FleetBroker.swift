import Foundation
import HatchBrokerConfiguration
import HatchDeviceSimulator
import HatchFleetControl
import HatchMosquittoBroker
import HatchMQTT

/// The broker a `hatchctl fleet run` uses, with the identities its devices and service session log
/// in with and the record other `hatchctl` commands read.
///
/// - Default: a private mosquitto on 127.0.0.1, started with a configuration generated into
///   `<home>/broker/<fleet>/` (passwords kept across runs): anonymous clients refused, each
///   device limited to its own topics by the ACL. `tls` makes its only listener TLS.
/// - `dev`: a private anonymous broker, as for quick trials.
/// - `broker`: a broker of your own, anonymously, with a credentials file, or with a certificate per device.
package struct FleetBroker: Sendable {
    /// Where the fleet connects.
    package let url: MQTTBrokerURL
    /// The private broker, stopped by the caller when the fleet stops.
    package let privateBroker: MosquittoBroker?
    /// The identities of the devices and the service session.
    package let credentials: FleetCredentials
    /// What `hatchctl` commands need: URL, controller credentials, CA.
    package let record: BrokerRecord
    /// One line for standard error that says what was started and how it is secured (no secrets).
    package let notice: String?

    /// Starts or names the broker `choice` says for `definition`; the private broker keeps its
    /// configuration under `home` (`$HATCH_HOME`, `~/.hatch`). Throws `FleetControlError` with what to do.
    package static func prepare(definition: FleetDefinition, choice: FleetBrokerChoice,
                                home: URL = BrokerRecord.homeDirectory()) async throws -> FleetBroker {
        if let problem = choice.problem { throw FleetControlError.invalidArgument(problem) }
        if let broker = choice.broker, let certificates = choice.certificates {
            return try certificateBroker(url: broker, certificates: certificates, caFile: choice.caFile, definition: definition)
        }
        if let broker = choice.broker { return try external(url: broker, credentialsFile: choice.credentials, definition: definition) }
        // One descriptor a device connection, and room for controllers, the service and the broker's own files.
        let descriptorLimit = max(4096, definition.devices.count + 1024)
        if choice.dev { return try await anonymous(fileDescriptorLimit: descriptorLimit, home: home) }
        return try await secured(definition: definition, choice: choice, fileDescriptorLimit: descriptorLimit, home: home)
    }

    /// The folder of the private broker's configuration and secrets for a fleet.
    package static func folder(for fleet: String, home: URL = BrokerRecord.homeDirectory()) -> URL {
        let safe = String(fleet.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "-" })
        return home.appendingPathComponent("broker", isDirectory: true)
            .appendingPathComponent(safe.isEmpty ? "fleet" : safe, isDirectory: true)
    }

    private static func external(url: String, credentialsFile: String?, definition: FleetDefinition) throws -> FleetBroker {
        let parsed: MQTTBrokerURL
        do {
            parsed = try MQTTBrokerURL(url)
        } catch {
            throw FleetControlError.invalidArgument("--broker: \(error)")
        }
        guard let credentialsFile else {
            return FleetBroker(url: parsed, privateBroker: nil, credentials: .anonymous, record: BrokerRecord(url: parsed.description),
                               notice: nil)
        }
        let file = URL(fileURLWithPath: credentialsFile)
        let loaded = try BrokerCredentialsFile.load(from: file)
        let folder = file.deletingLastPathComponent()
        let connection = try BrokerIdentity.controller.connection(url: parsed.description, credentialsFile: credentialsFile)
        let record = BrokerRecord(url: parsed.description, username: connection.credentials?.username, password: connection.credentials?.password,
                                  caFile: connection.tls?.caFile, certificateFile: connection.tls?.certificateFile, keyFile: connection.tls?.keyFile)
        return FleetBroker(url: parsed, privateBroker: nil, credentials: loaded.fleetCredentials(relativeTo: folder, usesTLS: parsed.usesTLS),
                           record: record, notice: "logging in to \(parsed) with the credentials of \(file.path) (each device as itself)")
    }

    /// AWS IoT Core: one X.509 identity per device from `certificates/<thingName>/`, the Amazon root
    /// CA, and ALPN `x-amzn-mqtt-ca` when the port is 443 (AWS serves MQTT there only with it).
    private static func certificateBroker(url: String, certificates: String, caFile: String?, definition: FleetDefinition) throws -> FleetBroker {
        let parsed: MQTTBrokerURL
        do {
            parsed = try MQTTBrokerURL(url)
        } catch {
            throw FleetControlError.invalidArgument("--broker: \(error)")
        }
        let folder = URL(fileURLWithPath: certificates, isDirectory: true)
        let things = definition.devices.map(\.profile.thingName)
        let tls = MQTTTLSConfiguration(caFile: caFile, alpn: parsed.port == 443 ? "x-amzn-mqtt-ca" : nil)
        let credentials = FleetCredentials.certificates(in: folder, for: things, tls: tls)
        let missing = things.filter { thing in
            [FleetCredentials.certificateFileName, FleetCredentials.keyFileName].contains {
                !FileManager.default.isReadableFile(atPath: folder.appendingPathComponent(thing.rawValue).appendingPathComponent($0).path)
            }
        }
        if let first = missing.first {
            throw FleetControlError.invalidArgument("--certificates: \(missing.count) device(s) have no readable \(FleetCredentials.certificateFileName) and "
                + "\(FleetCredentials.keyFileName), e.g. \(folder.appendingPathComponent(first.rawValue).path)/. Lay the folder out as "
                + "DIR/<thingName>/\(FleetCredentials.certificateFileName) and DIR/<thingName>/\(FleetCredentials.keyFileName).")
        }
        return FleetBroker(url: parsed, privateBroker: nil, credentials: credentials, record: BrokerRecord(url: parsed.description, caFile: caFile),
                           notice: "logging in to \(parsed) with a certificate per device from \(folder.path)"
                            + (tls.alpn.map { " (ALPN \($0))" } ?? ""))
    }

    private static func anonymous(fileDescriptorLimit: Int, home: URL) async throws -> FleetBroker {
        let started: MosquittoBroker
        do {
            started = try await MosquittoBroker.start(options: .init(maxConnections: -1, fileDescriptorLimit: fileDescriptorLimit))
        } catch {
            throw FleetControlError.brokerUnreachable(url: "private mosquitto", reason: "\(error)")
        }
        let url = try MQTTBrokerURL(started.url)
        return FleetBroker(url: url, privateBroker: started, credentials: .anonymous, record: BrokerRecord(url: started.url),
                           notice: "--dev: started a private mosquitto at \(started.url) that accepts anonymous clients "
                            + "(no passwords, no ACL; any local process may control every device) (recorded in \(home.appendingPathComponent("broker.json").path))")
    }

    private static func secured(definition: FleetDefinition, choice: FleetBrokerChoice, fileDescriptorLimit: Int, home: URL) async throws -> FleetBroker {
        let folder = folder(for: definition.name, home: home)
        let started: MosquittoBroker, generated: BrokerCredentialsFile
        do throws(PrivateFleetBroker.StartError) {
            (started, generated) = try await PrivateFleetBroker.start(
                fleet: definition.name, devices: BrokerSecurity.devices(of: definition), folder: folder, tls: choice.tls,
                clientCertificates: choice.clientCertificates, fileDescriptorLimit: fileDescriptorLimit)
        } catch {
            switch error {
            case .configuration(let error): throw error
            case .launch(let reason): throw FleetControlError.brokerUnreachable(url: "private mosquitto", reason: reason)
            }
        }
        let url = try MQTTBrokerURL(started.url)
        let controller = try BrokerIdentity.controller.connection(url: started.url, credentialsFile: folder.appendingPathComponent(BrokerCredentialsFile.fileName).path)
        let record = BrokerRecord(url: started.url, username: controller.credentials?.username, password: controller.credentials?.password,
                                  caFile: controller.tls?.caFile, certificateFile: controller.tls?.certificateFile, keyFile: controller.tls?.keyFile)
        let tls = choice.tls ? " over TLS (CA \(folder.appendingPathComponent(BrokerConfigurationFiles.caCertificate).path))" : ""
        return FleetBroker(url: url, privateBroker: started, credentials: generated.fleetCredentials(relativeTo: folder, usesTLS: choice.tls),
                           record: record,
                           notice: "started a private mosquitto at \(started.url)\(tls): no anonymous access, each device logs in as itself "
                            + "and only with its own client id (password file, ACL and client-id binding in \(folder.path)); hatchctl's credentials are recorded in \(home.appendingPathComponent("broker.json").path)")
    }
}
