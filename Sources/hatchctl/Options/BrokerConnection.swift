import Foundation
import HatchMQTT

/// How a `hatchctl` command reaches the broker: its URL and, for a locked-down broker, the
/// credentials of the identity it logs in as (see ``BrokerIdentity``) and the TLS files. Built from
/// `--broker`/`--credentials` or the record that `hatchctl fleet run` wrote.
struct BrokerConnection: Sendable {
    /// The URL as given or recorded (shown in messages).
    var url: String
    /// The username and password to log in with, or `nil` for an anonymous broker.
    var credentials: MQTTCredentials?
    /// TLS settings: the CA and, for mutual TLS, the client certificate.
    var tls: MQTTTLSConfiguration?

    /// An anonymous connection to `url`.
    init(url: String, credentials: MQTTCredentials? = nil, tls: MQTTTLSConfiguration? = nil) {
        self.url = url
        self.credentials = credentials
        self.tls = tls
    }

    /// The connection a broker record describes.
    init(record: BrokerRecord) {
        url = record.url
        credentials = record.username.map { MQTTCredentials(username: $0, password: record.password) }
        if record.caFile != nil || record.certificateFile != nil {
            tls = MQTTTLSConfiguration(caFile: record.caFile, certificateFile: record.certificateFile, keyFile: record.keyFile)
        }
    }

    /// A session configuration for `clientID`; throws when the URL does not parse.
    func configuration(clientID: String) throws(HatchctlError) -> MQTTConfiguration {
        let brokerURL: MQTTBrokerURL
        do {
            brokerURL = try MQTTBrokerURL(url)
        } catch {
            throw .invalidArgument("\(url) is not a broker URL (\(error)); write mqtt://HOST:PORT or mqtts://HOST:PORT.")
        }
        return MQTTConfiguration(broker: brokerURL, clientID: clientID, credentials: credentials, tls: tls)
    }

    /// Connects `session`, turning a refusal into an error that says what to do: a wrong or missing
    /// password, a certificate not trusted, a client certificate missing, or no broker at all. Never mentions a password.
    func connect(_ session: MQTTSession) async throws(HatchctlError) {
        do {
            try await session.connect()
        } catch let error as MQTTError {
            throw failure(error)
        } catch {
            throw .brokerUnreachable(url: url, reason: String(describing: error))
        }
    }

    /// The `HatchctlError` for a failed connection to this broker.
    func failure(_ error: MQTTError) -> HatchctlError {
        switch error {
        case .notAuthorized(let reason):
            return .brokerRefusedCredentials(url: url, username: credentials?.username, reason: reason)
        case .tlsFailed(let reason):
            return .brokerTLSFailed(url: url, caFile: tls?.caFile, reason: reason)
        case .clientCertificateRequired:
            return .brokerRequiresClientCertificate(url: url)
        default:
            return .brokerUnreachable(url: url, reason: String(describing: error))
        }
    }
}
