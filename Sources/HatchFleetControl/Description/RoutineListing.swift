import HatchAdultRoutine
import HatchDeviceModel

/// A device's routines as `hatchctl routine list` shows them, marking the running one.
package enum RoutineListing {
    /// One routine, with its progress when it runs.
    package struct Entry: Encodable, Sendable {
        package var id: Int
        package var name: String
        package var type: String
        package var enabled: Bool
        package var steps: Int
        /// Whether this routine runs now; then its step and the seconds left of it.
        package var running: Bool
        package var step: Int?
        package var timeLeft: Int?
    }

    /// An entry per routine; the one `progress` names carries its step and time left.
    package static func entries(_ routines: [Routine], progress: RoutineProgress?) -> [Entry] {
        routines.map { routine in
            let running = progress?.routine.id == routine.id
            return Entry(id: routine.id, name: routine.name, type: routine.type.rawValue, enabled: routine.enabled,
                         steps: routine.steps.count, running: running,
                         step: running ? progress?.step : nil, timeLeft: running ? progress?.timeLeft : nil)
        }
    }

    /// A table of `entries`, or that `deviceName` has none.
    package static func text(_ entries: [Entry], deviceName: String) -> String {
        guard !entries.isEmpty else { return "\(deviceName) has no routines." }
        return TextFormat.table(
            header: ["ID", "NAME", "TYPE", "STEPS", "ENABLED", "STATUS"],
            rows: entries.map { entry in
                let status = entry.running
                    ? "running (step \(entry.step ?? 0)/\(entry.steps)\(entry.timeLeft.map { ", \(TextFormat.duration(seconds: $0)) left" } ?? ""))"
                    : "-"
                return [String(entry.id), entry.name, entry.type, String(entry.steps), entry.enabled ? "yes" : "no", status]
            }
        )
    }
}
