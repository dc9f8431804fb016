import HatchDeviceModel

/// Something the behaviour engine did that the fleet must act on (persist, publish a record, log).
public enum EngineEvent: Sendable, Hashable {
    /// Settings changed: persist them.
    case settingsChanged
    /// The routine or alarm records changed (e.g. a one-time alarm disabled itself): publish and persist.
    case recordsChanged(RecordKind)
    /// A routine started.
    case routineStarted(id: Int)
    /// A routine ran its last step or was stopped.
    case routineFinished(id: Int)
    /// An alarm's sunrise began.
    case sunriseStarted(alarmID: Int)
    /// An alarm rang (first time or after a snooze).
    case alarmFired(alarmID: Int)
    /// An alarm was snoozed until the given epoch second.
    case alarmSnoozed(alarmID: Int, until: Int)
    /// An alarm was dismissed.
    case alarmDismissed(alarmID: Int)
    /// The battery ran flat.
    case batteryDepleted
}
