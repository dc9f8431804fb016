import ArgumentParser
import HatchFleetControl

/// `hatchctl devices`: every device on the broker with its presence, what it plays and its next alarm.
struct DevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the devices: name, MAC, product, online, playing, next alarm."
    )

    @OptionGroup var options: DeviceCommandOptions

    func run() async throws {
        let console = options.console
        try await console.run {
            try await ControlContext.with(broker: options.broker, timeout: options.timeout) { context in
                let overviews = try await Self.overviews(context: context)
                console.emit(overviews.map { DeviceReport($0, includeState: false) }) {
                    guard !overviews.isEmpty else { return "No devices on \(context.brokerURL). Start a fleet with `hatchctl fleet run`." }
                    return TextFormat.table(
                        header: ["NAME", "MAC", "PRODUCT", "ONLINE", "PLAYING", "NEXT ALARM"],
                        rows: overviews.map { overview in
                            [overview.device.name, overview.device.macAddress.rawValue, overview.device.product.rawValue,
                             overview.presenceText(), overview.playing, overview.nextAlarmText()]
                        }
                    )
                }
            }
        }
    }

    /// Every device's overview, read concurrently (each through its own child containers), in directory order.
    @MainActor
    static func overviews(context: ControlContext) async throws -> [DeviceOverview] {
        // One task per device; all run on the main actor, interleaving at their network waits.
        let loads = context.directory.devices.map { device in
            Task { @MainActor in try await Self.overview(of: device, context: context) }
        }
        var overviews: [DeviceOverview] = []
        for load in loads { overviews.append(try await load.value) }
        return overviews
    }

    /// One device's overview; a device that does not answer is listed as such, other errors stop the command.
    @MainActor
    private static func overview(of device: KnownDevice, context: ControlContext) async throws -> DeviceOverview {
        do {
            return try await context.overview(of: device)
        } catch {
            guard let translated = ErrorTranslation.translate(error, device: device, timeout: context.timeout) else { throw error }
            guard case .timeout = translated else { throw translated }
            return DeviceOverview(device: device, state: nil, playing: "no answer", playingDetail: .init(mode: "unknown"), nextAlarm: nil)
        }
    }
}
