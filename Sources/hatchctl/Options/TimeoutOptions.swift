import ArgumentParser
import Foundation

/// `--timeout SECONDS`: how long a command waits for a device to answer. Without the option the
/// `HATCH_TIMEOUT` environment variable sets it (for slow links, real hardware and busy CI hosts),
/// else 5 seconds.
struct TimeoutOptions: ParsableArguments {
    /// The default when neither `--timeout` nor `HATCH_TIMEOUT` is given.
    static let defaultSeconds: Double = 5
    /// The environment variable that replaces ``defaultSeconds``.
    static let environmentVariable = "HATCH_TIMEOUT"

    @Option(name: .long, help: ArgumentHelp("Seconds to wait for the device to answer (default: $HATCH_TIMEOUT, else 5).",
                                            valueName: "seconds"))
    var timeout: Double?

    /// The seconds to wait: `--timeout`, else `HATCH_TIMEOUT`, else 5.
    var seconds: Double {
        timeout ?? (try? Self.environmentSeconds(ProcessInfo.processInfo.environment)) ?? Self.defaultSeconds
    }

    /// The timeout as a `Duration`, clamped to at least 10 ms so bad input never hangs or crashes.
    var duration: Duration {
        let seconds = seconds
        guard seconds.isFinite, seconds > 0.01 else { return .milliseconds(10) }
        return .milliseconds(Int64(min(seconds, 86_400) * 1000))
    }

    func validate() throws {
        if timeout == nil { _ = try Self.environmentSeconds(ProcessInfo.processInfo.environment) }
    }

    /// `HATCH_TIMEOUT` in `environment` as seconds, `nil` when unset or empty; a value that is not a
    /// positive number is refused rather than silently replaced by the default.
    static func environmentSeconds(_ environment: [String: String]) throws(ValidationError) -> Double? {
        guard let text = environment[environmentVariable]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        guard let seconds = Double(text), seconds.isFinite, seconds > 0 else {
            throw ValidationError("\(environmentVariable)=\(text) is not a number of seconds above 0; set it like HATCH_TIMEOUT=15, or unset it for 5 s.")
        }
        return seconds
    }
}
