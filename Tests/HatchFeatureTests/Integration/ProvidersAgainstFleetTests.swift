import Foundation
import HatchAdultAlarms
import HatchAdultRoutine
import HatchDependencyContainerCore
import HatchDeviceModel
import HatchDeviceSession
import HatchDeviceSimulator
import HatchIoTActionSenderClient
import HatchIoTDeviceConnectionStateClient
import HatchIoTDeviceStateEmitterClient
import HatchMQTT
import Testing

private enum FleetTestRoot {}

/// The providers resolved through the container exactly as `hatchctl` resolves them (root → device
/// session → feature), with live clients, against the household fleet on a manual clock.
@MainActor
@Suite("Providers end to end through the container", .serialized, .timeLimit(.minutes(2)))
struct ProvidersAgainstFleetTests {
    func deviceSession(_ harness: FleetHarness, _ name: String) throws -> DeviceSessionDependencies {
        let dependencyBuilder = DependencyBuilder<FleetTestRoot>()
        let session = harness.session
        try dependencyBuilder.registerSingleton(MQTTSession.self) { _ in session }
        try dependencyBuilder.registerSingleton(IoTDeviceStateEmitterClient.self) { container in try .live(session: container.resolve(MQTTSession.self)) }
        try dependencyBuilder.registerSingleton(IoTActionSenderClient.self) { container in try .live(session: container.resolve(MQTTSession.self)) }
        try dependencyBuilder.registerSingleton(IoTDeviceConnectionStateClient.Factory.self) { container in
            try .live(session: container.resolve(MQTTSession.self))
        }
        let rootContainer = dependencyBuilder.freeze()
        let (mac, product) = harness.device(name)
        return try rootContainer.tryBuildChild(DeviceSessionDependencies.self) { childBuilder in
            childBuilder.provideInput(HardwareProduct.self, product)
            childBuilder.provideInput(MacAddress.self, mac)
        }
    }

    @Test("routine: start, next step, stop — followed by observe()")
    func routineLifecycle() async throws {
        try await FleetHarness.with { harness in
            let provider = try deviceSession(harness, "Parents").adultRoutine().routineStateProvider
            let observing = Task { await provider.observe() }
            defer { observing.cancel() }
            try await provider.load()
            #expect(provider.routines.map(\.name) == ["Wind down"])
            #expect(provider.connection.isOnline)
            #expect(provider.progress == nil)

            try await provider.start(provider.routine(matching: "wind down"))
            await waitUntil { provider.progress?.step == 1 }
            #expect(provider.progress?.timeLeft == 1200)
            #expect(provider.deviceState?.reported.current.sound.id == 12)

            try await provider.next()
            await waitUntil { provider.progress?.step == 2 }
            #expect(provider.progress?.isLastStep == true)
            await #expect(throws: RoutineStateError.lastStep(routine: "Wind down", step: 2)) { try await provider.next() }

            try await provider.stop()
            await waitUntil { provider.progress == nil }
            #expect(provider.deviceState?.reported.current.playing == PlayingMode.none)
        }
    }

    @Test("alarm: next alarm, sunrise, ringing, snooze, dismiss on the simulation clock")
    func alarmLifecycle() async throws {
        try await FleetHarness.with { harness in
            let provider = try deviceSession(harness, "Parents").adultAlarms().alarmStateProvider
            let observing = Task { await provider.observe() }
            defer { observing.cancel() }
            try await provider.load()
            #expect(provider.alarms.map(\.name) == ["Work days", "Flight"])
            #expect(provider.status == .idle)
            // Monday 06:30 in New York.
            #expect(provider.nextAlarm?.alarm.name == "Work days")
            #expect(provider.nextAlarm?.fireDate == Date(timeIntervalSince1970: 1_767_612_600))
            await #expect(throws: AlarmStateError.notRinging) { try await provider.snooze() }

            harness.clock.set(Date(timeIntervalSince1970: 1_767_612_000))  // 06:20: sunrise
            await waitUntil { provider.status.name == "sunrise" }
            await #expect(throws: AlarmStateError.notRingingYet(alarm: "Work days")) { try await provider.snooze() }

            harness.clock.set(Date(timeIntervalSince1970: 1_767_612_660))  // 06:31: ringing
            await waitUntil { provider.status.name == "ringing" }
            try await provider.snooze()
            await waitUntil { provider.status.name == "snoozed" }
            if case .snoozed(let alarm, let until) = provider.status {
                #expect(alarm.name == "Work days")
                #expect(until == 1_767_612_660 + 540)
            }
            try await provider.dismiss()
            await waitUntil { provider.status == .idle }
        }
    }

    @Test("alarm edits: add, disable, move, delete — the device's record follows")
    func alarmEdits() async throws {
        try await FleetHarness.with { harness in
            let provider = try deviceSession(harness, "Nursery").adultAlarms().alarmStateProvider
            let observing = Task { await provider.observe() }
            defer { observing.cancel() }
            try await provider.load()
            let receipt = try await provider.add(Alarm(id: 0, name: "Nap", daysOfWeek: .weekend, wakeTime: Fixtures.time("14:30")))
            await waitUntil { provider.alarmsVersion == receipt.dataVersion }
            let nap = try provider.alarm(matching: "nap")
            #expect(nap.daysOfWeek == .weekend)

            try await provider.disable(nap)
            await waitUntil { provider.alarms.first { $0.name == "Nap" }?.enabled == false }
            try await provider.set(provider.alarm(matching: "Nap"), wakeTime: Fixtures.time("15:00"), daysOfWeek: .everyDay)
            await waitUntil { provider.alarms.first { $0.name == "Nap" }?.wakeTime == Fixtures.time("15:00") }
            #expect(try provider.alarm(matching: "Nap").daysOfWeek == .everyDay)
            try await provider.delete(provider.alarm(matching: "Nap"))
            await waitUntil { !provider.alarms.contains { $0.name == "Nap" } }
            #expect(provider.alarms.map(\.name) == ["Okay to wake"])
        }
    }

    @Test("the provider sees its device go offline and come back")
    func providerConnection() async throws {
        try await FleetHarness.with { harness in
            let provider = try deviceSession(harness, "Kids room Rest+").adultRoutine().routineStateProvider
            let observing = Task { await provider.observe() }
            defer { observing.cancel() }
            await waitUntil { provider.connection.isOnline }
            await harness.fleet.inject(FaultInjection(kind: .offline(seconds: 1), target: .devices(["Kids room Rest+"])))
            await waitUntil { provider.connection.name == "offline" }
            await waitUntil { provider.connection.isOnline }
        }
    }
}
