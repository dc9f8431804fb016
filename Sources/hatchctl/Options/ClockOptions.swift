import ArgumentParser
import Foundation
import HatchDeviceSimulator

/// `--speed`, `--start-time` and `--clock-origin`: the simulated clock of `fleet run` and
/// `shadow-service`. Processes given the same three values share one simulated clock, so a shadow
/// service stamps documents with the fleet's simulated time.
struct ClockOptions: ParsableArguments {
    @Option(name: .long, help: "Simulated seconds per real second (60: a real second is a simulated minute).")
    var speed: Double = 1

    @Option(name: .long, help: ArgumentHelp("The simulated wall clock at start: ISO 8601 or HH:mm (UTC).", valueName: "time"))
    var startTime: String?

    @Option(name: .long, help: ArgumentHelp(
        "The real time (ISO 8601 or Unix seconds) at which the simulated clock reads --start-time (default: when the process starts); "
            + "give several processes (shards, a shadow service) the same value to share one simulated clock.", valueName: "time"))
    var clockOrigin: String?

    /// Rejects values that do not parse, saying what is expected.
    func validate() throws {
        guard speed > 0 else { throw ValidationError("--speed must be greater than 0 (got \(speed)).") }
        if let startTime, SimulationClock.parseStartTime(startTime) == nil {
            throw ValidationError("--start-time takes ISO 8601 (2026-01-05T06:20:00Z) or HH:mm (got '\(startTime)').")
        }
        if let clockOrigin, SimulationClock.parseOrigin(clockOrigin) == nil {
            throw ValidationError("--clock-origin takes ISO 8601 (2026-01-05T06:20:00Z) or Unix seconds (got '\(clockOrigin)').")
        }
    }

    /// The clock these options describe.
    func makeClock() -> SimulationClock {
        let start = startTime.flatMap { SimulationClock.parseStartTime($0) }
        return SimulationClock(mode: speed == 1 ? .realTime : .accelerated(speed: speed), startTime: start,
                               origin: clockOrigin.flatMap(SimulationClock.parseOrigin))
    }
}
