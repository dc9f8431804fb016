import Foundation
import HatchDashboard
import HatchDeviceModel
import HatchIoTDeviceStateEmitterClient
import Testing

@Suite("A device's card, drawn from its reports")
struct DeviceSnapshotTests {
    let nursery = DashboardDevice(name: "Nursery", macAddress: MacAddress(value: 0xA4C1_3810_0001), product: .restoreV5)

    @Test("The swatch is the light's colour at full value, its brightness apart; black when off")
    func lightSwatch() {
        var snapshot = DeviceSnapshot(device: nursery, connection: .online(since: nil))
        snapshot.state = .mock(macAddress: nursery.macAddress, product: .restoreV5,
                               current: CurrentState(playing: .remote, color: ColorState(id: WireConstants.customColorID, r: 65535, g: 0, b: 0, i: 32768),
                                                     sound: .off))
        let card = snapshot.card
        #expect(card.light == LightSwatch(css: "rgb(255, 0, 0)", brightness: 50, on: true))
        #expect(card.thing == nursery.thingName.rawValue)
        #expect(card.presence == "online")
        #expect(card.playing == "remote")

        snapshot.state?.reported.current.color = .off
        #expect(snapshot.card.light == .off)
        #expect(snapshot.card.light?.css == "rgb(0, 0, 0)")
    }

    @Test("A product without a light, clock or battery shows none of them; the Rest+ shows its battery")
    func capabilities() {
        let mini = DashboardDevice(name: "Mini", macAddress: MacAddress(value: 0xA4C1_3810_0002), product: .restMini)
        var snapshot = DeviceSnapshot(device: mini, state: .mock(macAddress: mini.macAddress, product: .restMini))
        #expect(snapshot.card.light == nil)
        #expect(snapshot.card.clock == nil)
        #expect(snapshot.card.battery == nil)
        #expect(snapshot.card.nextAlarm == nil)

        let plus = DashboardDevice(name: "Travel", macAddress: MacAddress(value: 0xA4C1_3810_0003), product: .riotPlus)
        var state = IoTDeviceState.mock(macAddress: plus.macAddress, product: .riotPlus)
        state.reported.deviceInfo.b = 80
        state.reported.deviceInfo.powerStatus = .onBase
        snapshot = DeviceSnapshot(device: plus, state: state)
        #expect(snapshot.card.battery == "80% (charging)")
        #expect(snapshot.card.light == .off)
    }

    @Test("Offline with its reason; unknown before any presence")
    func presence() {
        var snapshot = DeviceSnapshot(device: nursery)
        #expect(snapshot.card.presence == "unknown")
        #expect(snapshot.card.playing == "-")
        snapshot.connection = .offline(since: nil, reason: "connectionLost")
        #expect(snapshot.card.presence == "offline")
        #expect(snapshot.card.presenceReason == "connectionLost")
    }

    @Test("A running routine by name and step; a firing alarm by name and status; the next alarm on the device's clock")
    func playing() throws {
        let routine = Routine.mockWindDown
        let alarm = Alarm.mockWeekdays
        // Monday 2026-01-05 05:00 UTC = 05:00 in London: the 06:30 weekday alarm is next.
        var state = IoTDeviceState.mock(macAddress: nursery.macAddress, product: .restoreV5,
                                        current: CurrentState(srId: 1, playing: .routine, step: 2, color: .off, sound: SoundState(id: 3, v: 15000)),
                                        timestamp: 1_767_589_200)
        var snapshot = DeviceSnapshot(device: nursery, state: state, connection: .online(since: nil), routines: [routine], alarms: [])
        #expect(snapshot.card.playing == "Wind down (step 2/2)")
        #expect(snapshot.card.routineID == 1)
        #expect(snapshot.card.sound == "sound 3")
        #expect(snapshot.card.volume == 23)

        state.reported.current = CurrentState(srId: alarm.id, playing: .routine, step: 2, color: alarm.color, sound: alarm.sound)
        snapshot = DeviceSnapshot(device: nursery, state: state, connection: .online(since: nil), routines: [], alarms: [alarm])
        #expect(snapshot.card.playing == "alarm Weekdays (ringing)")
        #expect(snapshot.card.alarmStatus == "ringing")

        state.reported.snooze = SnoozeState(active: true, startTime: 1_767_589_200)
        snapshot.state = state
        #expect(snapshot.card.alarmStatus == "snoozed")

        state.reported.current = CurrentState(color: .off, sound: .off)
        state.reported.snooze = SnoozeState()
        snapshot.state = state
        #expect(snapshot.card.nextAlarm == "Mon 06:30 Weekdays")
        state.reported.alarmsDisabled = true
        snapshot.state = state
        #expect(snapshot.card.nextAlarm == nil)
    }
}
