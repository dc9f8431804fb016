import Foundation

/// Every metric an expectation may name, in the device's terms and the fleet's.
public enum ScenarioMetric: String, Sendable, Equatable, CaseIterable, Codable {
    case commandsSent = "commands.sent"
    case commandsLost = "commands.lost"
    case commandsAppliedTwice = "commands.appliedTwice"
    case commandsRejected = "commands.rejected"
    case commandsFailed = "commands.failed"
    case latencyP50 = "commands.latency.p50"
    case latencyP90 = "commands.latency.p90"
    case latencyP99 = "commands.latency.p99"
    case latencyMax = "commands.latency.max"
    case devicesOnline = "devices.online"
    case devicesOnlineShare = "devices.onlineShare"
    case recoveryMax = "recovery.max"
    case recoveryNotBack = "recovery.notBack"
    case presenceMissed = "presence.missed"
    case alarmsDue = "alarms.due"
    case alarmsFired = "alarms.fired"
    case alarmsMissed = "alarms.missed"
    case alarmsOffMinute = "alarms.offMinute"
    case alarmsSnoozed = "alarms.snoozed"
    case alarmsDismissed = "alarms.dismissed"
    case sunrisesStarted = "sunrises.started"
    case sunrisesNotRising = "sunrises.notRising"
    case routinesStarted = "routines.started"
    case routineStepsLate = "routines.stepsLate"
    case routinesStoppedMidStep = "routines.stoppedMidStep"
    case messagesPerSecond = "messages.perSecond"
    case memoryPerDevice = "memory.perDevice"
    case memoryGrowth = "memory.growth"
    case brokerDenied = "broker.denied"

    /// What the metric counts or measures, for the reference and for errors.
    public var meaning: String {
        switch self {
        case .commandsSent: "commands the controller clients sent"
        case .commandsLost: "commands sent, not reported failed or rejected, and never applied by the device"
        case .commandsAppliedTwice: "commands a device applied more than once"
        case .commandsRejected: "commands the device answered with a rejection"
        case .commandsFailed: "commands with no answer before their deadline"
        case .latencyP50: "median time from a command's first publish to the device's answer, which it publishes with its report"
        case .latencyP90: "90th percentile of command → answered with the report"
        case .latencyP99: "99th percentile of command → answered with the report"
        case .latencyMax: "the slowest command → answered with the report"
        case .devicesOnline: "devices online at the end"
        case .devicesOnlineShare: "share 0…1 of the devices online at the end"
        case .recoveryMax: "the longest time from a fault's end (a broker restart, a device's return) until every device it hit was online"
        case .recoveryNotBack: "devices a fault hit that were not back online within two keep-alives plus the fault's length"
        case .presenceMissed: "device disconnections a client following presence did not see"
        case .alarmsDue: "alarms due inside the stage or run"
        case .alarmsFired: "alarms that rang"
        case .alarmsMissed: "alarms due that never rang"
        case .alarmsOffMinute: "alarms that rang more than a minute (or a real second of the clock, when longer) from their time"
        case .alarmsSnoozed: "alarms the device snoozed, once or more"
        case .alarmsDismissed: "alarms the device ended before they rang out: dismissed, or turned off by another command"
        case .sunrisesStarted: "sunrises that began"
        case .sunrisesNotRising: "sunrises whose brightness went down while they ran"
        case .routinesStarted: "routines that started"
        case .routineStepsLate: "routines (not stopped from a client) that did not end within a real second of their start plus their steps' lengths"
        case .routinesStoppedMidStep: "routines stopped from a client in the middle of a step"
        case .messagesPerSecond: "MQTT messages the fleet sent and received per real second, on average"
        case .memoryPerDevice: "growth of the resident memory of the process running the fleet, from before it started to the end, per device (with `shards`: the shard processes' memory at the end, per device)"
        case .memoryGrowth: "growth of the resident memory of the process running the fleet from the end of warm-up (the first fifth) to the end"
        case .brokerDenied: "publishes from devices the broker denied"
        }
    }

    /// The metric's unit.
    public var unit: MetricUnit {
        switch self {
        case .latencyP50, .latencyP90, .latencyP99, .latencyMax: .milliseconds
        case .recoveryMax: .seconds
        case .devicesOnlineShare, .memoryGrowth: .share
        case .messagesPerSecond: .perSecond
        case .memoryPerDevice: .kilobytes
        default: .count
        }
    }

    /// Whether only the simulator can measure it (its event stream or its process): against devices the
    /// engine did not start it is not applicable.
    public var needsSimulator: Bool {
        switch self {
        case .commandsAppliedTwice, .commandsLost, .recoveryMax, .recoveryNotBack, .presenceMissed, .alarmsDue, .alarmsFired, .alarmsMissed, .alarmsOffMinute, .alarmsSnoozed,
             .alarmsDismissed, .sunrisesStarted,
             .sunrisesNotRising, .routinesStarted, .routineStepsLate, .messagesPerSecond, .memoryPerDevice, .memoryGrowth, .brokerDenied:
            true
        default:
            false
        }
    }
}

/// The unit of a metric: how a bound is written and how a value is shown.
public enum MetricUnit: String, Sendable, Equatable, Codable {
    case count, milliseconds, seconds, share, perSecond, kilobytes

    /// The suffixes a bound may carry, with the factor to this unit (the first is the one shown).
    public var suffixes: [(String, Double)] {
        switch self {
        case .count: [("", 1)]
        case .milliseconds: [("ms", 1), ("s", 1000), ("us", 0.001), ("µs", 0.001)]
        case .seconds: [("s", 1), ("ms", 0.001), ("m", 60)]
        case .share: [("", 1), ("%", 0.01)]
        case .perSecond: [("/s", 1), ("", 1)]
        case .kilobytes: [("KB", 1), ("MB", 1024), ("B", 1.0 / 1024)]
        }
    }

    /// How a bound of this unit is written, for error messages.
    public var howToWrite: String {
        switch self {
        case .count: "a whole number, e.g. 0"
        case .milliseconds: "a duration, e.g. 250ms or 2s"
        case .seconds: "a duration, e.g. 20s or 500ms"
        case .share: "a share 0…1 or a percentage, e.g. 0.99 or 99%"
        case .perSecond: "a rate, e.g. 500/s"
        case .kilobytes: "a size, e.g. 12KB or 1MB"
        }
    }

    /// `value` in this unit, e.g. `2 ms`, `99 %`, `12.0 KB`.
    public func format(_ value: Double) -> String {
        let number = value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.3g", value)
        switch self {
        case .count: return number
        case .milliseconds: return "\(number) ms"
        case .seconds: return "\(number) s"
        case .share: return String(format: "%g %%", value * 100)
        case .perSecond: return "\(number)/s"
        case .kilobytes: return "\(number) KB"
        }
    }
}
