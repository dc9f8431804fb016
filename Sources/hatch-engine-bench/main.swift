// hatch-engine-bench: what one device report and one command cost the simulator without the network
// (EngineWorkload), in wall-clock time per device. Synchronous on purpose (no dispatch_main), so
// `Scripts/callgrind-fleet.sh` can run it under valgrind and count the instructions of
// EngineWorkload.step() and command() alone.
//   hatch-engine-bench [devices] [steps] [commands] [routine-steps] [firmware-only]     (defaults 100, 200, 200, 30, 0)
// firmware-only 1: the devices run their firmware alone (the device role of `--shadow-service external`).
import Foundation
@_spi(Benchmarks) import HatchDeviceSimulator

/// Runs `steps` routine steps (every device reports once per step).
@inline(never)
func measureReports(_ workload: EngineWorkload, steps: Int) -> Duration {
    let start = ContinuousClock.now
    for _ in 0..<steps { _ = workload.step() }
    return ContinuousClock.now - start
}

/// Runs `rounds` rounds of volume commands (every device gets each).
@inline(never)
func measureCommands(_ workload: EngineWorkload, rounds: Int) -> Duration {
    let start = ContinuousClock.now
    for _ in 0..<rounds { _ = workload.command() }
    return ContinuousClock.now - start
}

let arguments = CommandLine.arguments.dropFirst().map { Int($0) }
guard arguments.allSatisfy({ $0 != nil && $0! >= 0 }) else {
    FileHandle.standardError.write(Data("usage: hatch-engine-bench [devices] [steps] [commands] [routine-steps] [firmware-only: 0 or 1] (whole numbers)\n".utf8))
    exit(2)
}
let devices = max(1, arguments.first.flatMap { $0 } ?? 100)
let steps = arguments.dropFirst().first.flatMap { $0 } ?? 200
let commands = arguments.dropFirst(2).first.flatMap { $0 } ?? 200
let routineSteps = arguments.dropFirst(3).first.flatMap { $0 } ?? 30
let firmwareOnly = (arguments.dropFirst(4).first.flatMap { $0 } ?? 0) == 1
let workload = EngineWorkload(count: devices, routineSteps: routineSteps, firmwareOnly: firmwareOnly)
let reportTime = measureReports(workload, steps: steps)
let commandTime = measureCommands(workload, rounds: commands)
func microseconds(_ duration: Duration, per count: Int) -> Double {
    count == 0 ? 0 : (Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18) * 1e6 / Double(count)
}
print(String(format: "report %.2f µs (%d B published per report), command %.2f µs, per device",
             microseconds(reportTime, per: steps * devices), workload.bytesPerReport, microseconds(commandTime, per: commands * devices)))
