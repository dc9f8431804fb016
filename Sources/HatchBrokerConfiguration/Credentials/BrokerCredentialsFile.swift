import Foundation
import HatchMosquittoBroker
import HatchMQTT
import HatchServiceSupport

/// The secrets `hatchctl broker config` generates, kept beside the broker's configuration in
/// `credentials.json` (mode 0600): one identity per device (username = thing name), the controller
/// identity that `hatchctl` and the IoT clients use, and the fleet's service identity.
///
/// File paths inside (the CA and client certificates) are relative to the file's folder, so the folder
/// can move (for example into a container) as a whole.
package struct BrokerCredentialsFile: Codable, Equatable, Sendable {
    /// A username, its password and, with client certificates, the certificate and key files.
    package struct Identity: Codable, Equatable, Sendable {
        /// The username.
        package var username: String
        /// Its password.
        package var password: String
        /// Its client certificate, relative to the file's folder.
        package var certificateFile: String? = nil
        /// The certificate's private key, relative to the file's folder.
        package var keyFile: String? = nil

        /// Creates a login; the certificate and key are for mutual TLS.
        package init(username: String, password: String, certificateFile: String? = nil, keyFile: String? = nil) {
            self.username = username
            self.password = password
            self.certificateFile = certificateFile
            self.keyFile = keyFile
        }
    }

    /// A device's identity with the fleet-file name and MAC address it was made for.
    package struct DeviceIdentity: Codable, Equatable, Sendable {
        /// The device's name in the fleet file.
        package var name: String
        /// Its MAC address.
        package var macAddress: String
        /// Its product.
        package var product: String
        /// Its username (its thing name).
        package var username: String
        /// Its password.
        package var password: String
        /// Its client certificate, relative to the file's folder.
        package var certificateFile: String?
        /// The certificate's private key, relative to the file's folder.
        package var keyFile: String?

        /// The identity of `device` with `username` and `password`.
        package init(device: BrokerDevice, username: String, password: String) {
            self.name = device.name
            self.macAddress = device.macAddress
            self.product = device.product
            self.username = username
            self.password = password
        }

        /// Its username, password and certificate files.
        package var identity: Identity { Identity(username: username, password: password, certificateFile: certificateFile, keyFile: keyFile) }
    }

    /// The CA a client needs to trust the broker's certificate.
    package struct TLSFiles: Codable, Equatable, Sendable {
        /// The CA certificate, relative to the file's folder.
        package var caFile: String

        /// Creates the CA a client needs to trust the broker's certificate.
        package init(caFile: String) {
            self.caFile = caFile
        }
    }

    /// The format of this file; bumped when a field changes meaning.
    package var format = 1
    /// The fleet the file was generated for.
    package var fleet: String
    /// `hatchctl` and the IoT clients: may address every device.
    package var controller: Identity
    /// The fleet process's own session: control channel, status, offline shadow answers.
    package var service: Identity
    /// Each device, by thing name.
    package var devices: [String: DeviceIdentity]
    /// Present when the configuration has a TLS listener.
    package var tls: TLSFiles?

    /// A file for `fleet` with its controller, service and device identities.
    package init(fleet: String, controller: Identity, service: Identity, devices: [String: DeviceIdentity], tls: TLSFiles? = nil) {
        self.fleet = fleet
        self.controller = controller
        self.service = service
        self.devices = devices
        self.tls = tls
    }

    /// The conventional file name inside a broker configuration folder.
    package static let fileName = "credentials.json"

    /// Reads a credentials file; the error names the file and what to do, never its contents.
    package static func load(from url: URL) throws(BrokerConfigurationError) -> BrokerCredentialsFile {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadableCredentials(path: url.path, reason: (error as NSError).localizedDescription)
        }
        do {
            return try JSONDecoder().decode(BrokerCredentialsFile.self, from: data)
        } catch {
            throw .malformedCredentials(path: url.path, shape: DecodingFailure.shape(of: error))
        }
    }

    /// Writes the file with mode 0600.
    package func save(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        try SecretFile.write(try encoder.encode(self) + Data("\n".utf8), to: url)
    }

    /// The TLS settings that trust this configuration's CA, if it has one.
    package func tlsConfiguration(relativeTo folder: URL) -> MQTTTLSConfiguration? {
        tls.map { MQTTTLSConfiguration(caFile: Self.resolve($0.caFile, in: folder)) }
    }

    /// An absolute path for `path` as written in the file.
    package static func resolve(_ path: String, in folder: URL) -> String {
        path.hasPrefix("/") ? path : folder.appendingPathComponent(path).standardizedFileURL.path
    }
}
