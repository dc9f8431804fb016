import ArgumentParser
import Foundation
import HatchDeviceModel
import HatchFleetControl

/// `hatchctl fleet status`: the running fleet's devices, online count, message rate and faults.
struct FleetStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Show a running fleet's status.")

    @OptionGroup var options: DeviceCommandOptions

    func run() async throws {
        let console = Console(json: options.output.json)
        try await console.run {
            let reply = try await FleetControlRequest.send(["status": true], broker: options.broker.resolvedConnection(),
                                                           timeout: options.timeout.seconds)
            let status = reply["status"] ?? .null
            console.emit(status) {
                let value = { (key: String) in status[key]?.intValue ?? 0 }
                let rate = status["messagesPerSecond"]?.doubleValue ?? 0
                let time = Date(timeIntervalSince1970: TimeInterval(value("simulatedTime"))).formatted(.iso8601)
                return "\(value("online"))/\(value("devices")) online · \(Int(rate.rounded())) msg/s · \(value("faults")) faults · simulated \(time)"
            }
        }
    }
}
