import ArgumentParser
import HatchFleetService

/// How `--broker` and `--credentials` are worded for a command that logs in as an identity.
extension BrokerIdentity {
    /// The help of `--broker` for a command that logs in as this identity.
    var brokerHelp: ArgumentHelp {
        switch self {
        case .controller:
            return ArgumentHelp(
                "The MQTT broker, e.g. mqtt://127.0.0.1:1883.",
                discussion: "Defaults to the broker that `hatchctl fleet run` recorded in $HATCH_HOME/broker.json (or ~/.hatch/broker.json).",
                valueName: "url")
        case .fleetService:
            return ArgumentHelp("The MQTT broker (default: the broker `hatchctl fleet run` recorded).", valueName: "url")
        }
    }

    /// The help of `--credentials` for a command that logs in as this identity.
    var credentialsHelp: ArgumentHelp {
        switch self {
        case .controller:
            return ArgumentHelp(
                "The credentials.json of `hatchctl broker config`, for a broker that refuses anonymous clients.",
                discussion: "hatchctl logs in as its controller user, and trusts its CA with mqtts:// URLs. Without it, the recorded broker's credentials are used.",
                valueName: "file")
        case .fleetService:
            return ArgumentHelp("The credentials.json of `hatchctl broker config`: the service logs in as its fleet service identity.", valueName: "file")
        }
    }
}
