import HatchDeviceModel

extension IoTDeviceState {
    /// A plausible idle Restore 3 state, for tests and previews.
    public static func mock(
        macAddress: MacAddress = MacAddress(value: 0xA4C1_3800_1122),
        product: HardwareProduct = .restoreV5,
        current: CurrentState = CurrentState(color: .off, sound: .off),
        version: Int = 1,
        timestamp: Int = 1_767_225_600
    ) -> IoTDeviceState {
        IoTDeviceState(
            macAddress: macAddress,
            product: product,
            reported: ReportedState(
                current: current,
                clock: nil,
                toddlerLock: nil,
                toddlerLockOn: false,
                nightlightOn: false,
                nightlightIntensity: 0,
                alarmsDisabled: false,
                snoozeDuration: WireConstants.defaultSnoozeDuration,
                snooze: SnoozeState(),
                deviceInfo: DeviceInfo(f: product.defaultFirmware, hwVersion: product.defaultHardwareVersion),
                connected: true,
                rssi: -52,
                timezone: "Europe/London",
                lastReset: "PowerOn"
            ),
            version: version,
            timestamp: timestamp
        )
    }
}

extension Routine {
    /// A two-step wind-down routine (id 1): ten minutes of warm light and rain, then rain until stopped.
    public static let mockWindDown = Routine(
        id: 1, name: "Wind down", type: .sleep,
        steps: [
            RoutineStep(color: ColorState(id: WireConstants.customColorID, r: 65535, g: 30000, b: 5000, i: 30000),
                        sound: SoundState(id: 3, v: 20000), duration: 600),
            RoutineStep(color: nil, sound: SoundState(id: 3, v: 15000), duration: 0),
        ]
    )
}

extension Alarm {
    /// A weekday alarm (id 1) at 06:30 with a 30-minute sunrise.
    public static let mockWeekdays = Alarm(id: 1, name: "Weekdays", daysOfWeek: .weekdays,
                                           wakeTime: try! TimeOfDay(hour: 6, minute: 30))  // constant: cannot fail
}
