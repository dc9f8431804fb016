import ArgumentParser

/// `--broker URL`, shared by every command that talks to devices.
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

    /// The broker to use: the flag, else the recorded one; throws a typed error that says how to fix it.
    func resolvedBrokerURL() throws -> String {
        if let broker { return broker }
        guard let record = try BrokerRecord.load() else {
            throw HatchctlError.noBroker(recordPath: BrokerRecord.fileURL().path)
        }
        return record.url
    }
}
