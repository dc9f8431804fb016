import ArgumentParser

/// `hatchctl fleet`: run the simulated fleet, inject faults into it, and read its status.
struct FleetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fleet",
        abstract: "Run the simulated fleet, inject faults, show its status, benchmark it.",
        subcommands: [FleetRunCommand.self, FleetFaultCommand.self, FleetStatusCommand.self, FleetBenchCommand.self, FleetChaosCommand.self,
                      FleetSoakCommand.self]
    )
}
