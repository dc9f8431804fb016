import HatchDeviceModel

/// Parses `--time HH:mm`.
package enum TimeParser {
    /// The time of day `text` names (`HH:mm`).
    package static func parse(_ text: String) throws(FleetControlError) -> TimeOfDay {
        do {
            return try TimeOfDay(parsing: text)
        } catch {
            throw .invalidArgument(error.description)
        }
    }
}
