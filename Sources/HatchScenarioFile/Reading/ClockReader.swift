import Foundation

/// Reads the `clock` section (the simulated start and speed) and a stage's `clock:` action.
enum ClockReader {
    static let speedAllowed = "> 0 and <= 100000 (simulated seconds per real second)"
    static let startHowToWrite = "ISO 8601 with an offset or Z, e.g. 2026-03-08T01:30:00-05:00 or 2026-03-08T06:30:00Z"

    static func read(_ value: NodeCursor) throws(ScenarioFileError) -> ScenarioClock {
        let mapping = try value.mapping("the clock", allowed: ScenarioKeys.clock)
        var clock = ScenarioClock()
        if let start = mapping["start"] {
            clock.start = try date(start)
            clock.startText = start.text
        }
        if let speed = mapping["speed"] { clock.speed = try readSpeed(speed) }
        return clock
    }

    static func readSpeed(_ value: NodeCursor) throws(ScenarioFileError) -> Double {
        try value.number(speedAllowed) { $0 > 0 && $0 <= 100_000 }
    }

    /// A date in ISO 8601 with its offset, read from the scalar's text.
    static func date(_ value: NodeCursor) throws(ScenarioFileError) -> Date {
        guard let text = value.text else { throw value.expected("a start time, \(startHowToWrite)") }
        let shape = /[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})/
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = text.contains(".") ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        guard text.wholeMatch(of: shape) != nil, let date = formatter.date(from: text) else {
            throw value.error("`\(text)` is not a start time; write \(startHowToWrite)")
        }
        return date
    }

    /// A stage's clock change: `{jump: 1h}`, `{jump: -30m}`, `{speed: 600}`, `pause` or `{pause: true}`.
    static func readAction(_ value: NodeCursor) throws(ScenarioFileError) -> ClockAction {
        let howToWrite = "`{jump: 1h}`, `{jump: -30m}`, `{speed: 600}` or `pause`"
        if let text = value.text {
            guard text == "pause" else { throw value.error("unknown clock change `\(text)`; write \(howToWrite)") }
            return .pause
        }
        guard case .mapping = value.node else { throw value.expected("a clock change: \(howToWrite)") }
        let mapping = try value.mapping("a clock change", allowed: ScenarioKeys.clockAction)
        let (key, change) = try mapping.exactlyOne(of: ScenarioKeys.clockAction, "a clock change")
        switch key {
        case "jump":
            return .jump(seconds: try change.duration("other than 0 (negative jumps back)", negative: true) { $0 != 0 })
        case "speed":
            return .speed(try readSpeed(change))
        default:
            guard try change.bool() else { throw change.error("`pause: false` changes nothing; write `pause` (or `pause: true`), or remove `clock`") }
            return .pause
        }
    }
}
