import ArgumentParser

/// `hatchctl cloud`: the fleet on a cloud MQTT service (AWS IoT Core).
struct CloudCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cloud",
        abstract: "Prepare AWS IoT Core for a fleet: policies, things, certificates.",
        subcommands: [CloudProvisionCommand.self]
    )
}
