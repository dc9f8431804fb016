import ArgumentParser

/// `hatchctl routine stop DEVICE`: stops whatever plays.
struct RoutineStopCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stop", abstract: "Stop the running routine (and any light or sound).")

    @OptionGroup var target: DeviceTarget

    func run() async throws {
        try await target.onRoutines("routine stop") { provider, device in
            let running = provider.runningRoutine?.name
            let receipt = try await provider.stop()
            return .init(detail: running, version: receipt.version,
                         text: running.map { "Stopped \"\($0)\" on \(device.name)." } ?? "Nothing was running on \(device.name); it is off.")
        }
    }
}
