import ArgumentParser

/// `hatchctl alarm list|add|set|enable|disable|delete|snooze|dismiss DEVICE …`.
struct AlarmCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alarm",
        abstract: "List, add, change and answer a device's alarms.",
        subcommands: [
            AlarmListCommand.self, AlarmAddCommand.self, AlarmSetCommand.self, AlarmEnableCommand.self,
            AlarmDisableCommand.self, AlarmDeleteCommand.self, AlarmSnoozeCommand.self, AlarmDismissCommand.self,
        ]
    )
}
