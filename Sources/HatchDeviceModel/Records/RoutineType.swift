/// The kind of routine, as the vendor's cloud classifies them.
public enum RoutineType: String, Sendable, Hashable, Codable, CaseIterable {
    /// A favorite (one step, started from the app or a button).
    case favorite
    /// A sleep routine (wind-down steps).
    case sleep
    /// A wake routine.
    case wake
    /// A free-form routine.
    case flex
}
