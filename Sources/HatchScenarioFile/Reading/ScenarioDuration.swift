import Foundation

/// Durations as a scenario file writes them: numbers with units, `500ms`, `30s`, `5m`, `1.5h`, `2d`,
/// or several together, largest first as a clock shows them, `1h30m`, `11m30s`.
package enum ScenarioDuration {
    /// The units with their length in seconds, longest suffix first.
    package static let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86400)]

    /// How a duration is written, for error messages.
    package static let howToWrite = "a number with a unit ms, s, m, h or d, or several together: write 30s, 5m, 2h or 1h30m"

    /// The regular expression of a duration (JSON Schema flavour, as the schema has it).
    package static let pattern = "^-?(([0-9]+(\\.[0-9]+)?|\\.[0-9]+)(ms|s|m|h|d))+$"

    /// Seconds in `text`, or `nil` when it is not a duration (a bare number has no unit and is not one).
    package static func seconds(_ text: String) -> Double? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        let sign: Double = rest.hasPrefix("-") ? -1 : 1
        if sign < 0 { rest = rest.dropFirst() }
        guard !rest.isEmpty else { return nil }
        var total = 0.0
        var previous = Double.infinity
        while !rest.isEmpty {
            guard let part = rest.prefixMatch(of: /([0-9]+(?:\.[0-9]+)?|\.[0-9]+)(ms|s|m|h|d)/), let value = Double(part.output.1),
                  let unit = units.first(where: { $0.suffix == part.output.2 })?.seconds, unit < previous else { return nil }
            total += value * unit
            previous = unit
            rest = rest[part.range.upperBound...]
        }
        return sign * total
    }

    /// `90` → `1m30s`, `0.5` → `500ms`: seconds as a file would write them.
    package static func format(_ seconds: Double) -> String {
        if seconds != 0, abs(seconds) < 1 { return "\(trim(seconds * 1000))ms" }
        for unit in units.reversed() where unit.seconds >= 1 && seconds.truncatingRemainder(dividingBy: unit.seconds) == 0 {
            return "\(trim(seconds / unit.seconds))\(unit.suffix)"
        }
        return "\(trim(seconds))s"
    }

    private static func trim(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension NodeCursor {
    /// A duration in seconds that `isAllowed` accepts; `allowed` says which are (e.g. `> 0`).
    func duration(_ allowed: String, negative: Bool = false, where isAllowed: (Double) -> Bool) throws(ScenarioFileError) -> Double {
        guard let text else { throw expected("a duration \(allowed), \(ScenarioDuration.howToWrite)") }
        if NodeCursor.parseNumber(text) != nil {
            throw error("`\(text)` has no unit; a duration is \(ScenarioDuration.howToWrite)")
        }
        guard let seconds = ScenarioDuration.seconds(text) else {
            throw error("`\(text)` is not a duration; a duration is \(ScenarioDuration.howToWrite)")
        }
        if seconds < 0, !negative { throw error("`\(text)` is negative; write a duration \(allowed), e.g. 30s") }
        guard isAllowed(seconds) else { throw error("`\(text)` is out of range; write a duration \(allowed)") }
        return seconds
    }
}
