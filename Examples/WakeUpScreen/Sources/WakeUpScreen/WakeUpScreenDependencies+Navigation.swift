import HatchAdultAlarms
import HatchDeviceSession
import HatchModularDependencyContainer

extension DeviceSessionDependencies {
    /// The wake-up screen of this device (a child container with its own ``WakeUpScreenModel``).
    public func wakeUpScreen() -> WakeUpScreenDependencies {
        self.buildChild(WakeUpScreenDependencies.self)
    }
}

extension WakeUpScreenDependencies {
    /// The device's alarms feature, which the screen reads and snoozes through.
    public func adultAlarms() -> AdultAlarmsDependencies {
        self.buildChild(AdultAlarmsDependencies.self)
    }
}
