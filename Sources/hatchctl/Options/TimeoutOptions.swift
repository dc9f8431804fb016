import ArgumentParser
import Foundation
import HatchFleetControl

/// `--timeout SECONDS`: how long a command waits for a device to answer. Without the option the
/// `HATCH_TIMEOUT` environment variable sets it (for slow links, real hardware and busy CI hosts),
/// else 5 seconds.
struct TimeoutOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Seconds to wait for the device to answer (default: $HATCH_TIMEOUT, else 5).",
                                            valueName: "seconds"))
    var timeout: Double?

    /// The seconds to wait: `--timeout`, else `HATCH_TIMEOUT`, else 5.
    var seconds: Double { DeviceTimeout.seconds(given: timeout, environment: ProcessInfo.processInfo.environment) }

    /// The timeout as a `Duration`, clamped to at least 10 ms so bad input never hangs or crashes.
    var duration: Duration { DeviceTimeout.duration(seconds: seconds) }

    func validate() throws {
        do {
            if timeout == nil { _ = try DeviceTimeout.environmentSeconds(ProcessInfo.processInfo.environment) }
        } catch {
            throw ValidationError(error.description)
        }
    }
}
