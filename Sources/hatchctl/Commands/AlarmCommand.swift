import ArgumentParser
import HatchAdultAlarms
import HatchFleetControl

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

/// Resolves a device's ``AlarmStateProvider`` through its child containers and loads it.
enum AlarmProvider {
    @MainActor
    static func loaded(for device: KnownDevice, context: ControlContext) async throws -> AlarmStateProvider {
        let provider = context.dependencies(for: device).adultAlarms().alarmStateProvider
        try await provider.load(timeout: context.timeout)
        return provider
    }
}
