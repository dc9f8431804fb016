import Foundation
import HatchDashboard
import HatchDeviceModel
import HatchDeviceSimulator

/// The dashboard's simulation controls for a fleet in this process: its clock directly, and faults
/// through the fleet's own injection (what `hatchctl fleet fault` asks for over the control topic).
package enum FleetSimulationControls {
    /// The faults the page offers: those that need no more than a duration or a count.
    package static let faults = ["dropConnection", "offline", "reboot", "rejectUpdates", "plugIn", "unplug", "clear"]

    /// The controls of `fleet`, whose simulated clock is `clock`.
    package static func make(fleet: Fleet, clock: SimulationClock) -> SimulationControls {
        SimulationControls(
            status: {
                SimulationStatus(time: ISO8601DateFormatter().string(from: clock.now), speed: clock.speed, faults: faults)
            },
            changeClock: { change in
                switch change {
                case .speed(let speed):
                    clock.setSpeed(speed)
                    return .done("The simulated clock runs at \(speed)×.")
                case .pause:
                    clock.setSpeed(0)
                    return .done("The simulated clock is paused at \(ISO8601DateFormatter().string(from: clock.now)).")
                case .set(let date):
                    clock.set(date)
                    return .done("The simulated clock jumped to \(ISO8601DateFormatter().string(from: date)).")
                case .advance(let seconds):
                    clock.advance(by: seconds)
                    return .done("The simulated clock jumped \(Int(seconds)) s ahead, to \(ISO8601DateFormatter().string(from: clock.now)).")
                }
            },
            injectFault: { kind, device, seconds, count in
                var request: JSONObject = ["fault": .string(kind), "devices": [.string(device.thingName.rawValue)]]
                if kind == "offline" { request["seconds"] = .double(seconds ?? 30) }
                if kind == "rejectUpdates" { request["count"] = .int(count ?? 1) }
                let injection: FaultInjection
                do {
                    injection = try FaultInjection(jsonValue: .object(request))
                } catch {
                    return .failed("\(kind): \(error)")
                }
                let hit = await fleet.inject(injection)
                guard !hit.isEmpty else { return .failed("\(device.name) is not in this fleet.") }
                return .done("Injected \(kind) into \(device.name).")
            }
        )
    }
}
