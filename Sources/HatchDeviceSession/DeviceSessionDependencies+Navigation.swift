import HatchAdultAlarms
import HatchAdultRoutine
import HatchDependencyContainerCore

extension DeviceSessionDependencies {
    /// The routine feature of this device: a child container with its own `RoutineStateProvider`.
    public func adultRoutine() -> AdultRoutineDependencies {
        self.buildChild(AdultRoutineDependencies.self)
    }

    /// The alarms feature of this device: a child container with its own `AlarmStateProvider`.
    public func adultAlarms() -> AdultAlarmsDependencies {
        self.buildChild(AdultAlarmsDependencies.self)
    }

    /// The device's state, actions and connection in one value, for commands that need no feature.
    public func deviceSession() -> DeviceSession {
        DeviceSession(dependencies: self)
    }
}
