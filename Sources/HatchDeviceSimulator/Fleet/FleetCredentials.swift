import Foundation
import HatchDeviceModel
import HatchMQTT

/// Who the fleet's sessions say they are to a locked-down broker: one identity per device (its
/// username is its thing name, and an ACL lets it use only its own topics), one for the fleet's own
/// service session (offline shadow answers, presence after a drop, the control channel), and the TLS
/// settings they share.
///
/// ``anonymous`` (the default) connects without credentials, as a development broker allows.
public struct FleetCredentials: Sendable {
    /// A username and password, and for mutual TLS a client certificate and key (PEM paths).
    public struct Identity: Sendable, Hashable {
        /// What goes into the CONNECT packet; `nil` when the certificate alone identifies the
        /// client (AWS IoT Core).
        public var credentials: MQTTCredentials?
        /// The client certificate, when the broker requires one.
        public var certificateFile: String? = nil
        /// The client certificate's private key.
        public var keyFile: String? = nil

        /// Creates a username and password, and for mutual TLS a client certificate and key.
        public init(credentials: MQTTCredentials?, certificateFile: String? = nil, keyFile: String? = nil) {
            self.credentials = credentials
            self.certificateFile = certificateFile
            self.keyFile = keyFile
        }
    }

    /// Each device's identity, by thing name.
    public var devices: [ThingName: Identity] = [:]
    /// The fleet service session's identity.
    public var service: Identity? = nil
    /// The TLS settings every session shares (the CA that signed the broker), or `nil` for plain MQTT
    /// or the system's CA store with an `mqtts://` URL.
    public var tls: MQTTTLSConfiguration? = nil

    /// Creates the identities a fleet's sessions present; anonymous by default.
    public init(devices: [ThingName: Identity] = [:], service: Identity? = nil, tls: MQTTTLSConfiguration? = nil) {
        self.devices = devices
        self.service = service
        self.tls = tls
    }

    /// No credentials and default TLS: for an anonymous development broker.
    public static let anonymous = FleetCredentials()

    /// A certificate and key per device from a folder laid out by thing name, as AWS IoT Core issues
    /// them: `folder/<thingName>/certificate.pem.crt` and `folder/<thingName>/private.pem.key`; no
    /// usernames and no service identity. `tls` names the Amazon root CA (and ALPN on port 443).
    public static func certificates(in folder: URL, for things: [ThingName], tls: MQTTTLSConfiguration) -> FleetCredentials {
        var devices: [ThingName: Identity] = [:]
        for thing in things {
            let own = folder.appendingPathComponent(thing.rawValue, isDirectory: true)
            devices[thing] = Identity(credentials: nil, certificateFile: own.appendingPathComponent(certificateFileName).path,
                                      keyFile: own.appendingPathComponent(keyFileName).path)
        }
        return FleetCredentials(devices: devices, tls: tls)
    }

    /// The certificate's file name in a device's folder (see ``certificates(in:for:tls:)``).
    public static let certificateFileName = "certificate.pem.crt"
    /// The private key's file name in a device's folder.
    public static let keyFileName = "private.pem.key"

    /// Whether any session presents a username.
    public var isAnonymous: Bool { devices.isEmpty && service == nil }

    /// The thing names of `things` that have no identity although others do (nothing is missing
    /// when the fleet is anonymous).
    public func missingDevices(_ things: [ThingName]) -> [ThingName] {
        isAnonymous ? [] : things.filter { devices[$0] == nil }
    }

    /// The username and password the device `thing` connects with.
    public func credentials(for thing: ThingName) -> MQTTCredentials? { devices[thing]?.credentials ?? nil }

    /// The TLS settings of the device `thing`: the shared ones with its client certificate, if any.
    public func tls(for thing: ThingName) -> MQTTTLSConfiguration? { tls(with: devices[thing]) }

    /// The TLS settings of the service session.
    public var serviceTLS: MQTTTLSConfiguration? { tls(with: service) }

    private func tls(with identity: Identity?) -> MQTTTLSConfiguration? {
        guard var settings = tls else { return nil }
        if let identity, identity.certificateFile != nil {
            settings.certificateFile = identity.certificateFile
            settings.keyFile = identity.keyFile
        }
        return settings
    }
}
