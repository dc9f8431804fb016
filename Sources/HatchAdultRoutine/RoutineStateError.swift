import HatchDeviceModel

/// Why a routine command was refused before anything was sent.
public enum RoutineStateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No routine with this id or name; `known` lists the device's routines.
    case unknownRoutine(String, known: [String])
    /// The routine exists but is disabled.
    case routineDisabled(String)
    /// `next` or a step change while nothing runs.
    case nothingRunning
    /// `next` on the routine's last step.
    case lastStep(routine: String, step: Int)
    /// The device's state or routines have not been read yet; call `load()` or `observe()` first.
    case notLoaded

    /// What went wrong and what to do next.
    public var description: String {
        switch self {
        case .unknownRoutine(let query, let known):
            return "No routine \"\(query)\" on this device; " + (known.isEmpty ? "it has none." : "known routines: " + known.joined(separator: ", ") + ".")
        case .routineDisabled(let name):
            return "The routine \"\(name)\" is disabled; enable it in the app first."
        case .nothingRunning:
            return "No routine is running; start one first."
        case .lastStep(let routine, let step):
            return "\"\(routine)\" is on its last step (\(step)); stop it instead."
        case .notLoaded:
            return "The device's state has not been read yet; load it first."
        }
    }
}
