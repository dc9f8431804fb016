import ArgumentParser

/// `hatchctl broker`: the fleet's mosquitto broker.
struct BrokerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "broker",
        abstract: "Generate a locked-down mosquitto configuration for a fleet.",
        subcommands: [BrokerConfigCommand.self]
    )
}
