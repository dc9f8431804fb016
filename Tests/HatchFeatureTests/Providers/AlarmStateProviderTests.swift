import Foundation
import HatchAdultAlarms
import HatchDependencyContainerCore
import HatchDeviceModel
import HatchIoTActionSenderClient
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient
import Testing

@MainActor
@Suite("AlarmStateProvider in test mode", .timeLimit(.minutes(1)))
struct AlarmStateProviderTests {
    func makeProvider(_ device: ScriptedDevice) throws -> AlarmStateProvider {
        let dependencies = try AdultAlarmsDependencies.testing { builder in
            try builder.registerSingleton(IoTDeviceStateEmitterClient.self) { _ in device.stateEmitter }
            try builder.registerSingleton(IoTActionSenderClient.self) { _ in device.actionSender }
            try builder.registerSingleton(IoTDeviceConnectionStateClient.self) { _ in device.connectionState }
            builder.provideInput(MacAddress.self, device.macAddress)
            builder.provideInput(HardwareProduct.self, device.product)
        }
        return dependencies.alarmStateProvider
    }

    @Test("the mock registration alone yields a working provider")
    func mockRegistrationResolves() async throws {
        let provider = try AdultAlarmsDependencies.testing().alarmStateProvider
        try await provider.load(timeout: .seconds(1))
        #expect(provider.alarms.map(\.name) == ["Weekdays"])
        #expect(provider.status == .idle)
    }

    @Test("idle, sunrise, ringing and snoozed are read from the reported state")
    func statusFromState() async throws {
        let device = ScriptedDevice(alarms: [Fixtures.weekdays, Fixtures.saturday])
        let provider = try makeProvider(device)
        let observing = Task { await provider.observe() }
        defer { observing.cancel() }
        await waitUntil { provider.deviceState != nil && !provider.alarms.isEmpty }
        #expect(provider.status == .idle)

        device.report { $0.current = Fixtures.playing(7, step: 1, sound: .off) }
        await waitUntil { provider.status != .idle }
        #expect(provider.status == .sunrise(Fixtures.weekdays))

        device.report { $0.current = Fixtures.playing(7, step: 2, sound: SoundState(id: 11, v: 30000)) }
        await waitUntil { provider.status.name == "ringing" }
        #expect(provider.status == .ringing(Fixtures.weekdays))

        device.report(at: 5000) { state in
            state.current.sound = SoundState(id: WireConstants.soundOffID, v: 30000)
            state.snooze = SnoozeState(active: true, startTime: 5000)
        }
        await waitUntil { provider.status.name == "snoozed" }
        #expect(provider.status == .snoozed(Fixtures.weekdays, until: 5000 + WireConstants.defaultSnoozeDuration))

        device.report { state in
            state.current = CurrentState(color: .off, sound: .off)
            state.snooze = SnoozeState()
        }
        await waitUntil { provider.status == .idle }
    }

    @Test("a running routine that shares an alarm's id is not an alarm")
    func routineWithSameIDIsNotAnAlarm() {
        var reported = IoTDeviceState.mock().reported
        let routine = Routine(id: 7, name: "Seven", steps: [RoutineStep(sound: SoundState(id: 3, v: 100), duration: 60),
                                                             RoutineStep(sound: SoundState(id: 3, v: 100))])
        reported.current = Fixtures.playing(7, step: 2, sound: SoundState(id: 3, v: 100))
        #expect(AlarmStatus.read(from: reported, alarms: [Fixtures.weekdays], routines: [routine]) == .idle)
        reported.current = Fixtures.playing(7, step: 2, sound: SoundState(id: 11, v: 30000))
        #expect(AlarmStatus.read(from: reported, alarms: [Fixtures.weekdays], routines: [routine]) == .ringing(Fixtures.weekdays))
    }

    @Test("snooze and dismiss are sent only while an alarm fires")
    func snoozeAndDismiss() async throws {
        let idle = ScriptedDevice(alarms: [Fixtures.weekdays])
        let idleProvider = try makeProvider(idle)
        try await idleProvider.load(timeout: .seconds(1))
        await #expect(throws: AlarmStateError.notRinging) { try await idleProvider.snooze() }
        await #expect(throws: AlarmStateError.notRinging) { try await idleProvider.dismiss() }
        #expect(idle.recorder.entries.isEmpty)

        let sunrise = ScriptedDevice(alarms: [Fixtures.weekdays], current: Fixtures.playing(7, step: 1, sound: .off))
        let sunriseProvider = try makeProvider(sunrise)
        try await sunriseProvider.load(timeout: .seconds(1))
        await #expect(throws: AlarmStateError.notRingingYet(alarm: "Weekdays")) { try await sunriseProvider.snooze() }

        let ringing = ScriptedDevice(alarms: [Fixtures.weekdays], current: Fixtures.playing(7, step: 2, sound: SoundState(id: 11, v: 30000)))
        let provider = try makeProvider(ringing)
        try await provider.load(timeout: .seconds(1))
        try await provider.snooze()
        try await provider.dismiss()
        #expect(ringing.recorder.entries == [.action(.snooze(startTime: 0), ringing.macAddress), .action(.dismissAlarm, ringing.macAddress)])
    }

    @Test("edits become record requests: add, enable, disable, set time and days, delete")
    func edits() async throws {
        let device = ScriptedDevice(alarms: [Fixtures.weekdays, Fixtures.off])
        let provider = try makeProvider(device)
        try await provider.load(timeout: .seconds(1))
        let new = Alarm(id: 0, name: "Nap", daysOfWeek: .once, wakeTime: Fixtures.time("14:30"))
        try await provider.add(new)
        try await provider.enable(provider.alarm(matching: "off"))
        try await provider.disable(provider.alarm(matching: "7"))
        try await provider.set(Fixtures.weekdays, wakeTime: Fixtures.time("07:15"), daysOfWeek: .weekend)
        try await provider.delete(Fixtures.off)
        var moved = Fixtures.weekdays
        moved.wakeTime = Fixtures.time("07:15")
        moved.daysOfWeek = .weekend
        let mac = device.macAddress
        #expect(device.recorder.entries == [
            .alarm(RecordRequest(op: .create, item: new), mac),
            .alarm(RecordRequest(op: .enable, id: 9, enabled: true), mac),
            .alarm(RecordRequest(op: .enable, id: 7, enabled: false), mac),
            .alarm(RecordRequest(op: .edit, item: moved, dataVersion: 1), mac),
            .alarm(RecordRequest(op: .delete, id: 9), mac),
        ])
    }

    @Test("an unknown alarm names the known ones")
    func unknownAlarm() async throws {
        let device = ScriptedDevice(alarms: [Fixtures.weekdays, Fixtures.saturday])
        let provider = try makeProvider(device)
        try await provider.load(timeout: .seconds(1))
        #expect(throws: AlarmStateError.unknownAlarm("Sunday", known: ["Weekdays (7)", "Saturday (8)"])) {
            try provider.alarm(matching: "Sunday")
        }
    }

    @Test("the next alarm follows the device's clock, time zone and days")
    func nextAlarmOnDeviceClock() async throws {
        // Friday 2 January 2026, 07:00 in London = 07:00 UTC: today's 06:30 has passed, so Saturday 08:00 is next.
        let friday0700 = 1_767_337_200
        let device = ScriptedDevice(alarms: [Fixtures.weekdays, Fixtures.saturday, Fixtures.off], timestamp: friday0700)
        let provider = try makeProvider(device)
        try await provider.load(timeout: .seconds(1))
        let next = try #require(provider.nextAlarm)
        #expect(next.alarm.id == 8)
        #expect(next.fireDate == Date(timeIntervalSince1970: TimeInterval(friday0700 + 25 * 3600)))

        device.publishAlarms([Fixtures.weekdays])
        let observing = Task { await provider.observe() }
        defer { observing.cancel() }
        await waitUntil { provider.alarms.count == 1 }
        // Monday 5 January 06:30.
        #expect(provider.nextAlarm?.fireDate == Date(timeIntervalSince1970: TimeInterval(friday0700 + 3 * 86_400 - 1800)))
    }
}
