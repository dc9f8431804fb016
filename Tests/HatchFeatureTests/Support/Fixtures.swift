import HatchDeviceModel

/// Records shared by the feature tests.
enum Fixtures {
    static let windDown = Routine(
        id: 3, name: "Wind down", type: .sleep,
        steps: [
            RoutineStep(color: ColorState(id: WireConstants.customColorID, r: 65535, g: 30000, b: 5000, i: 30000),
                        sound: SoundState(id: 3, v: 20000), duration: 600),
            RoutineStep(color: nil, sound: SoundState(id: 4, v: 15000), duration: 0),
        ]
    )
    static let reading = Routine(id: 4, name: "Reading light", type: .favorite,
                                 steps: [RoutineStep(color: ColorState(id: WireConstants.customColorID, w: 65535, i: 40000))])
    static let disabledRoutine = Routine(id: 5, name: "Old routine", enabled: false, steps: [RoutineStep(duration: 60)])

    static func time(_ text: String) -> TimeOfDay {
        // Test constants only: a malformed literal is a bug in the test itself.
        try! TimeOfDay(parsing: text)
    }

    static let weekdays = Alarm(id: 7, name: "Weekdays", daysOfWeek: .weekdays, wakeTime: time("06:30"), sunriseLead: 1800,
                                sound: SoundState(id: 11, v: 30000))
    static let saturday = Alarm(id: 8, name: "Saturday", daysOfWeek: .saturday, wakeTime: time("08:00"))
    static let off = Alarm(id: 9, name: "Off", enabled: false, daysOfWeek: .everyDay, wakeTime: time("05:00"))

    /// A `CurrentState` playing routine/alarm `srId` at `step`.
    static func playing(_ srId: Int, step: Int, sound: SoundState = SoundState(id: 3, v: 20000), color: ColorState? = .off) -> CurrentState {
        CurrentState(srId: srId, playing: .routine, step: step, color: color, sound: sound)
    }
}
