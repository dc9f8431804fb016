import Foundation
import HatchAdultAlarms
import HatchAdultRoutine
import HatchDeviceModel
import HatchFleetControl
import Testing

/// The routine and alarm listings of `hatchctl routine list` and `alarm list`.
@Suite("Routine and alarm listings")
struct ListingTests {
    @Test("the running routine carries its step and time left; the others a dash")
    func routines() {
        let bedtime = Routine(id: 1, name: "Bedtime", type: .sleep, steps: [RoutineStep(duration: 600), RoutineStep(duration: 0)])
        let nap = Routine(id: 2, name: "Nap", enabled: false, steps: [RoutineStep()])
        let entries = RoutineListing.entries([bedtime, nap],
                                             progress: RoutineProgress(routine: bedtime, step: 1, paused: false, stepEndsAt: nil, timeLeft: 250))
        #expect(entries.map(\.running) == [true, false])
        #expect(entries[0].timeLeft == 250)
        #expect(entries[1].step == nil)
        let text = RoutineListing.text(entries, deviceName: "Nursery")
        #expect(text.contains("running (step 1/2, 4m 10s left)"))
        #expect(text.split(separator: "\n").last?.hasSuffix("no       -") == true)
        #expect(RoutineListing.text([], deviceName: "Nursery") == "Nursery has no routines.")
    }

    @Test("the firing alarm shows its status, the next one says next, and suspended alarms are said")
    func alarms() throws {
        let weekdays = Alarm(id: 1, name: "Weekdays", daysOfWeek: .weekdays, wakeTime: try TimeOfDay(parsing: "06:30"))
        let weekend = Alarm(id: 2, name: "Weekend", daysOfWeek: .weekend, wakeTime: try TimeOfDay(parsing: "08:00"))
        let fireDate = Date(timeIntervalSince1970: 1_767_600_000)
        let listing = AlarmListing(alarms: [weekdays, weekend], status: .ringing(weekdays),
                                   nextAlarm: NextAlarm(alarm: weekend, fireDate: fireDate), alarmsDisabled: true)
        #expect(listing.status == "ringing")
        #expect(listing.firingAlarmID == 1)
        #expect(listing.nextAlarmID == 2)
        #expect(listing.alarms.map(\.days) == ["weekdays", "weekend"])
        let lines = listing.text(deviceName: "Parents").split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[1].hasSuffix("ringing"))
        #expect(lines[2].hasSuffix("next"))
        #expect(lines[3] == "All alarms are suspended on this device.")
        let none = AlarmListing(alarms: [], status: .idle, nextAlarm: nil, alarmsDisabled: false)
        #expect(none.text(deviceName: "Parents") == "Parents has no alarms.")
    }
}
