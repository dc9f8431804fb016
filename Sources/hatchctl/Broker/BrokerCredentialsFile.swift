import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import HatchMosquittoBroker
import HatchMQTT
import HatchServiceSupport

/// The secrets `hatchctl broker config` generates, kept beside the broker's configuration in
/// `credentials.json` (mode 0600): one identity per device (username = thing name), the controller
/// identity that `hatchctl` and the IoT clients use, and the fleet's service identity.
///
/// File paths inside (the CA and client certificates) are relative to the file's folder, so the folder
/// can move (for example into a container) as a whole.
struct BrokerCredentialsFile: Codable, Equatable {
    /// A username, its password and, with client certificates, the certificate and key files.
    struct Identity: Codable, Equatable {
        var username: String
        var password: String
        var certificateFile: String?
        var keyFile: String?
    }

    /// A device's identity with the fleet-file name and MAC address it was made for.
    struct DeviceIdentity: Codable, Equatable {
        var name: String
        var macAddress: String
        var product: String
        var username: String
        var password: String
        var certificateFile: String?
        var keyFile: String?

        var identity: Identity { Identity(username: username, password: password, certificateFile: certificateFile, keyFile: keyFile) }
    }

    /// The CA a client needs to trust the broker's certificate.
    struct TLSFiles: Codable, Equatable {
        var caFile: String
    }

    /// The format of this file; bumped when a field changes meaning.
    var format = 1
    /// The fleet the file was generated for.
    var fleet: String
    /// `hatchctl` and the IoT clients: may address every device.
    var controller: Identity
    /// The fleet process's own session: control channel, status, offline shadow answers.
    var service: Identity
    /// Each device, by thing name.
    var devices: [String: DeviceIdentity]
    /// Present when the configuration has a TLS listener.
    var tls: TLSFiles?

    /// The conventional file name inside a broker configuration folder.
    static let fileName = "credentials.json"

    /// Reads a credentials file; the error names the file and what to do, never its contents.
    static func load(from url: URL) throws(HatchctlError) -> BrokerCredentialsFile {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .invalidArgument("Cannot read the credentials file \(url.path) (\((error as NSError).localizedDescription)). "
                + "Generate one with `hatchctl broker config --devices FILE --out DIR`.")
        }
        do {
            return try JSONDecoder().decode(BrokerCredentialsFile.self, from: data)
        } catch {
            throw .invalidArgument("\(url.path) is not a credentials file written by `hatchctl broker config` (\(DecodingFailure.shape(of: error))). "
                + "Generate it again, or pass --rotate to replace it.")
        }
    }

    /// Writes the file with mode 0600.
    func save(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        try SecretFile.write(try encoder.encode(self) + Data("\n".utf8), to: url)
    }

    /// What the fleet needs to connect each device and its service session; paths resolved against `folder`.
    func fleetCredentials(relativeTo folder: URL, usesTLS: Bool) -> FleetCredentials {
        func resolve(_ identity: Identity) -> FleetCredentials.Identity {
            FleetCredentials.Identity(
                credentials: MQTTCredentials(username: identity.username, password: identity.password),
                certificateFile: identity.certificateFile.map { Self.resolve($0, in: folder) },
                keyFile: identity.keyFile.map { Self.resolve($0, in: folder) })
        }
        var byThing: [ThingName: FleetCredentials.Identity] = [:]
        for (thing, device) in devices { byThing[ThingName(rawValue: thing)] = resolve(device.identity) }
        return FleetCredentials(devices: byThing, service: resolve(service), tls: usesTLS ? tlsConfiguration(relativeTo: folder) : nil)
    }

    /// The TLS settings that trust this configuration's CA, if it has one.
    func tlsConfiguration(relativeTo folder: URL) -> MQTTTLSConfiguration? {
        tls.map { MQTTTLSConfiguration(caFile: Self.resolve($0.caFile, in: folder)) }
    }

    /// An absolute path for `path` as written in the file.
    static func resolve(_ path: String, in folder: URL) -> String {
        path.hasPrefix("/") ? path : folder.appendingPathComponent(path).standardizedFileURL.path
    }
}
