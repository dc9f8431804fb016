import Foundation
import HatchBrokerConfiguration
import HatchFleetControl
import HatchMQTT

/// Which identity of a `credentials.json` (written by `hatchctl broker config`) a command logs in as,
/// so that one set of `--broker`/`--credentials` options serves commands that act as different users
/// of a locked-down broker.
package enum BrokerIdentity: Sendable {
    /// `hatchctl`'s controller user, which may address every device; the broker record holds it too.
    case controller
    /// The fleet's service identity, which `hatchctl shadow-service` answers shadow requests as.
    case fleetService

    /// Whether the broker record's credentials are this identity's (the record holds the controller's),
    /// so that a command without `--credentials` may log in with them.
    package var isRecorded: Bool { self == .controller }

    /// The connection to `url` as this identity of the credentials file at `path`: its username and
    /// password and, with an mqtts:// URL, the file's CA and this identity's client certificate.
    /// Throws a typed error that names the file and how to regenerate it.
    package func connection(url: String, credentialsFile path: String) throws -> BrokerConnection {
        let file = URL(fileURLWithPath: path)
        let loaded = try BrokerCredentialsFile.load(from: file)
        let folder = file.deletingLastPathComponent()
        let usesTLS = (try? MQTTBrokerURL(url))?.usesTLS ?? false
        switch self {
        case .controller:
            var tls = loaded.tlsConfiguration(relativeTo: folder)
            if let certificate = loaded.controller.certificateFile, let key = loaded.controller.keyFile {
                tls?.certificateFile = BrokerCredentialsFile.resolve(certificate, in: folder)
                tls?.keyFile = BrokerCredentialsFile.resolve(key, in: folder)
            }
            return BrokerConnection(url: url, credentials: .init(username: loaded.controller.username, password: loaded.controller.password),
                                    tls: usesTLS ? tls : nil)
        case .fleetService:
            let fleet = loaded.fleetCredentials(relativeTo: folder, usesTLS: usesTLS)
            return BrokerConnection(url: url, credentials: fleet.service?.credentials ?? nil, tls: fleet.serviceTLS)
        }
    }
}
