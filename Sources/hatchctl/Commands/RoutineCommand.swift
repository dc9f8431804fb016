import ArgumentParser

/// `hatchctl routine list|start|stop|next DEVICE [ROUTINE]`.
struct RoutineCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routine",
        abstract: "List, start, stop or advance a device's routines.",
        subcommands: [RoutineListCommand.self, RoutineStartCommand.self, RoutineStopCommand.self, RoutineNextCommand.self]
    )
}
