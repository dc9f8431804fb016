import Foundation
import HatchMosquittoBroker

/// A private mosquitto on 127.0.0.1 for one fleet, locked down the way `hatchctl broker config` locks a
/// broker down: the configuration is generated into a folder of its own on each start (passwords, the
/// CA and client certificates kept across starts), then mosquitto runs it on a free loopback port.
/// `hatchctl fleet run` starts one unless told to use another broker.
package enum PrivateFleetBroker {
    /// Why the broker did not start.
    package enum StartError: Error, CustomStringConvertible {
        /// The configuration could not be written.
        case configuration(BrokerConfigurationError)
        /// No free port, or mosquitto did not start with the configuration.
        case launch(String)

        package var description: String {
            switch self {
            case .configuration(let error): return error.description
            case .launch(let reason): return reason
            }
        }
    }

    /// Generates the configuration for `devices` of `fleet` into `folder` and starts mosquitto with it.
    ///
    /// - Parameters:
    ///   - tls: Whether the only listener is TLS (with the folder's CA and a server certificate for 127.0.0.1).
    ///   - clientCertificates: With `tls`, whether every client must present a certificate (one is made per identity).
    ///   - fileDescriptorLimit: The broker's soft open-file limit: one a connection and some to spare.
    ///   - adjust: Changes to the generated settings (the ACL's device access, persistence, a debug log).
    /// - Returns: The running broker (its log in `folder`/mosquitto.log) and the generated credentials.
    package static func start(fleet: String, devices: [BrokerDevice], folder: URL, tls: Bool, clientCertificates: Bool,
                              fileDescriptorLimit: Int,
                              adjust: (inout BrokerSecurity.Settings) -> Void = { _ in }) async throws(StartError) -> (broker: MosquittoBroker, credentials: BrokerCredentialsFile) {
        let logFile = folder.appendingPathComponent("mosquitto.log")
        var settings = BrokerSecurity.Settings(folder: folder)
        settings.host = "127.0.0.1"
        do {
            if tls { settings.tlsPort = try MosquittoBroker.freeLoopbackPort() } else { settings.port = try MosquittoBroker.freeLoopbackPort() }
        } catch {
            throw .launch("\(error)")
        }
        settings.clientCertificates = clientCertificates
        settings.logFile = logFile.path
        adjust(&settings)
        let credentials: BrokerCredentialsFile
        do {
            credentials = try BrokerSecurity(fleet: fleet, devices: devices, settings: settings).generate().credentials
        } catch {
            throw .configuration(error)
        }
        try? FileManager.default.removeItem(at: logFile)
        do {
            let broker = try await MosquittoBroker.start(
                configurationFile: folder.appendingPathComponent(BrokerConfigurationFiles.configuration), plainPort: settings.port,
                tlsPort: settings.tlsPort, logFile: logFile, fileDescriptorLimit: fileDescriptorLimit)
            return (broker, credentials)
        } catch {
            throw .launch("\(error)")
        }
    }
}
