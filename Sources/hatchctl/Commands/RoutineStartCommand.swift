import ArgumentParser

/// `hatchctl routine start DEVICE ROUTINE`: starts a routine or favorite by name or id.
struct RoutineStartCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "start", abstract: "Start a routine or favorite (by name or id).")

    @OptionGroup var target: DeviceTarget

    @Argument(help: "The routine's name or id.")
    var routine: String

    func run() async throws {
        let query = routine
        try await target.onRoutines("routine start") { provider, device in
            let routine = try provider.routine(matching: query)
            let receipt = try await provider.start(routine)
            return .init(detail: routine.name, version: receipt.version, text: "Started \"\(routine.name)\" on \(device.name).")
        }
    }
}
