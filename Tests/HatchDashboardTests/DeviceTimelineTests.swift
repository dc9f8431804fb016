import Foundation
@testable import HatchDashboard
import Testing

/// The devices' timelines: a point only when the card changed, a bounded ring per device.
@Suite struct DeviceTimelineTests {
    private func card(_ thing: String, css: String = "rgb(255, 120, 0)", brightness: Int, volume: Int = 10, playing: String = "nothing") -> DeviceCard {
        DeviceCard(thing: thing, name: thing, mac: "A4:C1:38:00:00:01", product: "restoreV5", productName: "Restore 3", presence: "online",
                   presenceReason: nil, light: LightSwatch(css: css, brightness: brightness, on: brightness > 0), nightlight: nil, clock: nil,
                   playing: playing, alarmStatus: "idle", routineID: nil, sound: "off", soundID: nil, volume: volume, nextAlarm: nil,
                   toddlerLock: nil, battery: nil, alarms: true, routines: [], version: 1)
    }

    @Test func aSunriseIsKeptAsRisingPointsInItsColour() {
        var timeline = DeviceTimeline()
        for (minute, brightness) in [10, 25, 25, 60, 100].enumerated() {
            timeline.record(card("a", brightness: brightness, playing: "alarm Weekdays (sunrise)"), at: Int64(1_767_600_000 + minute * 60))
        }
        let points = timeline.points(of: "a")
        #expect(points.map(\.brightness) == [10, 25, 60, 100])
        #expect(points.allSatisfy { ($0.r, $0.g, $0.b) == (255, 120, 0) })
        #expect(timeline.names[Int(points[0].playing)] == "alarm Weekdays (sunrise)")
    }

    @Test func theRingKeepsTheNewestPointsAndStepsShareAName() {
        var timeline = DeviceTimeline()
        for index in 0..<(DeviceTimeline.capacity + 40) {
            timeline.record(card("b", brightness: 0, volume: index % 100, playing: "Wind down (step \(index % 3 + 1)/3)"), at: Int64(index))
        }
        let points = timeline.points(of: "b")
        #expect(points.count == DeviceTimeline.capacity)
        #expect(points.first?.t == 40)
        #expect(timeline.names == ["Wind down"])
        #expect(timeline.points(of: "unknown").isEmpty)
    }
}
