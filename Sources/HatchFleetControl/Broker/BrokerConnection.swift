import Foundation
import HatchMQTT

/// How a `hatchctl` command reaches the broker: its URL and, for a locked-down broker, the
/// credentials of the identity it logs in as (see ``BrokerIdentity``) and the TLS files. Built from
/// `--broker`/`--credentials` or the record that `hatchctl fleet run` wrote.
package struct BrokerConnection: Sendable {
    /// The URL as given or recorded (shown in messages).
    package var url: String
    /// The username and password to log in with, or `nil` for an anonymous broker.
    package var credentials: MQTTCredentials? = nil
    /// TLS settings: the CA and, for mutual TLS, the client certificate.
    package var tls: MQTTTLSConfiguration? = nil

    /// Creates a broker connection: its URL, and credentials and TLS when the broker needs them.
    package init(url: String, credentials: MQTTCredentials? = nil, tls: MQTTTLSConfiguration? = nil) {
        self.url = url
        self.credentials = credentials
        self.tls = tls
    }

    /// The connection a broker record describes.
    package init(record: BrokerRecord) {
        url = record.url
        credentials = record.username.map { MQTTCredentials(username: $0, password: record.password) }
        if record.caFile != nil || record.certificateFile != nil {
            tls = MQTTTLSConfiguration(caFile: record.caFile, certificateFile: record.certificateFile, keyFile: record.keyFile)
        }
    }

    /// A session configuration for `clientID`; throws when the URL does not parse.
    package func configuration(clientID: String) throws(FleetControlError) -> MQTTConfiguration {
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
    package func connect(_ session: MQTTSession) async throws(FleetControlError) {
        do {
            try await session.connect()
        } catch let error as MQTTError {
            throw failure(error)
        } catch {
            throw .brokerUnreachable(url: url, reason: String(describing: error))
        }
    }

    /// The `FleetControlError` for a failed connection to this broker.
    package func failure(_ error: MQTTError) -> FleetControlError {
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
