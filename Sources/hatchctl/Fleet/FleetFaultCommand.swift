import ArgumentParser
import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import HatchFleetControl

/// `hatchctl fleet fault KIND`: injects a fault into named devices, a share of the fleet, or all of it.
struct FleetFaultCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fault",
        abstract: "Inject a fault into a running fleet.",
        discussion: "Kinds: \(FaultKind.names.joined(separator: ", ")). Every injected fault is logged by the fleet."
    )

    @Argument(help: ArgumentHelp("The fault.", valueName: "kind"))
    var kind: String

    @Option(name: .customLong("device"), help: ArgumentHelp("A device by name or MAC (repeatable).", valueName: "device"))
    var devices: [String] = []

    @Option(name: .long, help: "A share 0…1 of the fleet, picked deterministically with --seed.")
    var share: Double?

    @Option(name: .long, help: "The seed that picks the share.")
    var seed: Int = 1

    @Flag(name: .long, help: "Every device.")
    var all = false

    @Option(name: .long, help: "Duration in real seconds (offline, delayReplies, dropCommands).")
    var seconds: Double?

    @Option(name: .long, help: "Reply delay in milliseconds (delayReplies).")
    var milliseconds: Double?

    @Option(name: .long, help: "How many updates to reject (rejectUpdates).")
    var count: Double?

    @Option(name: .long, help: "Share of commands to drop (dropCommands).")
    var dropShare: Double?

    @Option(name: .long, help: "Real seconds before reconnecting (dropConnection).")
    var reconnectAfter: Double?

    @OptionGroup var options: DeviceCommandOptions

    func validate() throws {
        guard FaultKind.names.contains(kind) else {
            throw ValidationError("unknown fault '\(kind)'; known: \(FaultKind.names.joined(separator: ", ")).")
        }
        let targets = (devices.isEmpty ? 0 : 1) + (share == nil ? 0 : 1) + (all ? 1 : 0)
        guard targets == 1 else { throw ValidationError("name exactly one target: --device NAME (repeatable), --share 0…1, or --all.") }
        if let share, !(0...1).contains(share) { throw ValidationError("--share must be between 0 and 1.") }
    }

    func run() async throws {
        let console = Console(json: options.output.json)
        try await console.run {
            var request: JSONObject = ["fault": .string(kind)]
            let parameters: [(String, Double?)] = [("seconds", seconds), ("milliseconds", milliseconds), ("count", count),
                                                   ("share", dropShare), ("reconnectAfter", reconnectAfter)]
            for case let (key, value?) in parameters { request[key] = .double(value) }
            if !devices.isEmpty { request["devices"] = .array(devices.map { .string($0) }) }
            if let share { request["share"] = .double(share); request["seed"] = .int(seed) }
            if all { request["all"] = true }
            if kind == "dropCommands", dropShare != nil, share != nil {
                throw FleetControlError.invalidArgument("dropCommands takes its share with --drop-share; target devices with --device or --all.")
            }
            let reply = try await FleetControlRequest.send(request, broker: options.broker.resolvedConnection(), timeout: options.timeout.seconds)
            let hit = reply["devices"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let missing = reply["elsewhere"]?.arrayValue?.compactMap(\.stringValue) ?? []
            if hit.isEmpty || !missing.isEmpty {
                throw FleetControlError.unknownDevice(query: (hit.isEmpty ? devices : missing).joined(separator: ", "), known: [])
            }
            console.emit(reply) { "injected \(kind) into \(hit.count) device(s): \(hit.joined(separator: ", "))" }
        }
    }
}
