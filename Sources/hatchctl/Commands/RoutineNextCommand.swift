import ArgumentParser

/// `hatchctl routine next DEVICE`: moves the running routine to its next step.
struct RoutineNextCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "next", abstract: "Move the running routine to its next step.")

    @OptionGroup var target: DeviceTarget

    func run() async throws {
        try await target.onRoutines("routine next") { provider, device in
            let before = provider.progress
            let receipt = try await provider.next()
            let detail = before.map { "\($0.routine.name) step \($0.step + 1)/\($0.stepCount)" }
            return .init(detail: detail, version: receipt.version, text: "\(device.name): \(detail ?? "next step").")
        }
    }
}
