import ArgumentParser
import Foundation
import HatchMQTT

/// `--broker URL` and `--credentials FILE`, shared by every command that talks to devices.
struct BrokerOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The MQTT broker, e.g. mqtt://127.0.0.1:1883.",
            discussion: "Defaults to the broker that `hatchctl fleet run` recorded in $HATCH_HOME/broker.json (or ~/.hatch/broker.json).",
            valueName: "url"
        )
    )
    var broker: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The credentials.json of `hatchctl broker config`, for a broker that refuses anonymous clients.",
            discussion: "hatchctl logs in as its controller user, and trusts its CA with mqtts:// URLs. Without it, the recorded broker's credentials are used.",
            valueName: "file"
        )
    )
    var credentials: String?

    /// The URL and credentials to connect with (throws a typed error that says how to fix it): `--broker` (with `--credentials`, or the record's
    /// credentials when it names the same broker), else the recorded broker.
    func resolvedConnection() throws -> BrokerConnection {
        let record = try BrokerRecord.load()
        if let credentials {
            guard let url = broker ?? record?.url else { throw HatchctlError.noBroker(recordPath: BrokerRecord.fileURL().path) }
            return try Self.connection(url: url, credentialsFile: credentials)
        }
        if let broker {
            if let record, record.url == broker { return BrokerConnection(record: record) }
            return BrokerConnection(url: broker)
        }
        guard let record else { throw HatchctlError.noBroker(recordPath: BrokerRecord.fileURL().path) }
        return BrokerConnection(record: record)
    }

    /// The controller identity of a credentials file, for `url`.
    static func connection(url: String, credentialsFile path: String) throws -> BrokerConnection {
        let file = URL(fileURLWithPath: path)
        let loaded = try BrokerCredentialsFile.load(from: file)
        let folder = file.deletingLastPathComponent()
        var tls = loaded.tlsConfiguration(relativeTo: folder)
        if let certificate = loaded.controller.certificateFile, let key = loaded.controller.keyFile {
            tls?.certificateFile = BrokerCredentialsFile.resolve(certificate, in: folder)
            tls?.keyFile = BrokerCredentialsFile.resolve(key, in: folder)
        }
        let usesTLS = url.lowercased().hasPrefix("mqtts:") || url.lowercased().hasPrefix("ssl:") || url.lowercased().hasPrefix("tls:")
        return BrokerConnection(url: url, credentials: .init(username: loaded.controller.username, password: loaded.controller.password),
                                tls: usesTLS ? tls : nil)
    }
}
