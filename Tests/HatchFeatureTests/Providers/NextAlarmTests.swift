import Foundation
import HatchAdultAlarms
import HatchDeviceModel
import Testing

@Suite("NextAlarm")
struct NextAlarmTests {
    let newYork = TimeZone(identifier: "America/New_York")!
    // Thursday 1 January 2026, 12:00 UTC = 07:00 in New York.
    let thursdayNoonUTC = Date(timeIntervalSince1970: 1_767_268_800)

    @Test("wake times are read in the device's time zone")
    func usesTimeZone() throws {
        let alarm = Alarm(id: 1, name: "Early", daysOfWeek: .everyDay, wakeTime: Fixtures.time("07:30"))
        let next = try #require(NextAlarm.find(in: [alarm], after: thursdayNoonUTC, timeZone: newYork))
        #expect(next.fireDate == thursdayNoonUTC.addingTimeInterval(1800))
        #expect(next.sunriseStart == next.fireDate.addingTimeInterval(-1800))
    }

    @Test("a one-time alarm whose time passed today rings tomorrow")
    func onceTomorrow() throws {
        let alarm = Alarm(id: 1, name: "Once", daysOfWeek: .once, wakeTime: Fixtures.time("06:00"))
        let next = try #require(NextAlarm.find(in: [alarm], after: thursdayNoonUTC, timeZone: newYork))
        #expect(next.fireDate == thursdayNoonUTC.addingTimeInterval(23 * 3600))
    }

    @Test("disabled alarms and suspended alarms give no next alarm")
    func disabled() {
        #expect(NextAlarm.find(in: [Fixtures.off], after: thursdayNoonUTC, timeZone: newYork) == nil)
        #expect(NextAlarm.find(in: [Fixtures.weekdays], after: thursdayNoonUTC, timeZone: newYork, alarmsDisabled: true) == nil)
    }
}
