import ArgumentParser
import Foundation
import HatchFleetControl
import HatchFleetService

/// `--broker URL` and `--credentials FILE`, shared by every command that talks to the broker;
/// `Login` names the identity of credentials.json the command logs in as (the controller for device
/// commands, the fleet service for `shadow-service`) and words the options' help for it.
struct BrokerOptions<Login: BrokerLogin>: ParsableArguments {
    @Option(name: .long, help: Login.identity.brokerHelp)
    var broker: String?

    @Option(name: .long, help: Login.identity.credentialsHelp)
    var credentials: String?

    /// The URL and credentials to connect with as `identity` (throws a typed error that says how to fix
    /// it): `--broker` or else the recorded broker, with `identity`'s login from `--credentials`;
    /// without `--credentials`, the record's credentials when they are `identity`'s and the record
    /// names the same broker, else none.
    func resolvedConnection(as identity: BrokerIdentity = Login.identity) throws -> BrokerConnection {
        guard identity.isRecorded else {
            // Only the URL comes from the record, which is not read at all when --broker names one.
            guard let url = try broker ?? BrokerRecord.load()?.url else { throw FleetControlError.noBroker(recordPath: BrokerRecord.fileURL().path) }
            guard let credentials else { return BrokerConnection(url: url) }
            return try identity.connection(url: url, credentialsFile: credentials)
        }
        let record = try BrokerRecord.load()
        if let credentials {
            guard let url = broker ?? record?.url else { throw FleetControlError.noBroker(recordPath: BrokerRecord.fileURL().path) }
            return try identity.connection(url: url, credentialsFile: credentials)
        }
        if let broker {
            if let record, record.url == broker { return BrokerConnection(record: record) }
            return BrokerConnection(url: broker)
        }
        guard let record else { throw FleetControlError.noBroker(recordPath: BrokerRecord.fileURL().path) }
        return BrokerConnection(record: record)
    }
}
