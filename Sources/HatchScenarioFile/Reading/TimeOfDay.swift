/// Local times of day as a scenario file writes them, `HH:MM` from `00:00` to `23:59`.
package enum TimeOfDay {
    /// The regular expression of a time of day (as the schema has it).
    package static let pattern = "^([01]?[0-9]|2[0-3]):[0-5][0-9]$"

    /// Minutes after midnight, or `nil` when `text` is not a time of day.
    package static func minutes(_ text: String) -> Int? {
        guard let match = text.wholeMatch(of: /([0-9]{1,2}):([0-9]{2})/), let hours = Int(match.1), let minutes = Int(match.2),
              (0...23).contains(hours), (0...59).contains(minutes)
        else { return nil }
        return hours * 60 + minutes
    }

    /// `390` → `06:30`.
    package static func format(_ minutes: Int) -> String {
        let hours = minutes / 60, rest = minutes % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }
}

extension NodeCursor {
    /// A local time `HH:MM`, read from the scalar's raw text (YAML 1.1 would read a plain `06:30` as a
    /// sexagesimal number), in minutes after midnight.
    func timeOfDay() throws(ScenarioFileError) -> Int {
        guard let text else { throw expected("a time of day HH:MM from 00:00 to 23:59, e.g. \"06:30\"") }
        guard let minutes = TimeOfDay.minutes(text) else {
            throw error("`\(text)` is not a time of day; write HH:MM from 00:00 to 23:59, e.g. \"06:30\"")
        }
        return minutes
    }
}
