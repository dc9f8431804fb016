import Foundation

/// How long a tool waits for a device to answer: the value given, else the `HATCH_TIMEOUT`
/// environment variable (for slow links, real hardware and busy CI hosts), else 5 seconds.
package enum DeviceTimeout {
    /// The default when neither a value nor `HATCH_TIMEOUT` is given.
    package static let defaultSeconds: Double = 5
    /// The environment variable that replaces ``defaultSeconds``.
    package static let environmentVariable = "HATCH_TIMEOUT"

    /// The seconds to wait: `given`, else `HATCH_TIMEOUT` in `environment`, else 5.
    package static func seconds(given: Double?, environment: [String: String]) -> Double {
        given ?? (try? environmentSeconds(environment)) ?? defaultSeconds
    }

    /// `seconds` as a `Duration`, clamped to 10 ms … a day so bad input never hangs or crashes.
    package static func duration(seconds: Double) -> Duration {
        guard seconds.isFinite, seconds > 0.01 else { return .milliseconds(10) }
        return .milliseconds(Int64(min(seconds, 86_400) * 1000))
    }

    /// `HATCH_TIMEOUT` in `environment` as seconds, `nil` when unset or empty; a value that is not a
    /// positive number is refused rather than silently replaced by the default.
    package static func environmentSeconds(_ environment: [String: String]) throws(FleetControlError) -> Double? {
        guard let text = environment[environmentVariable]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        guard let seconds = Double(text), seconds.isFinite, seconds > 0 else {
            throw .invalidArgument("\(environmentVariable)=\(text) is not a number of seconds above 0; set it like HATCH_TIMEOUT=15, or unset it for 5 s.")
        }
        return seconds
    }
}
