import Foundation
@testable import HatchDeviceSimulator
import Testing

@Suite("Device due times")
struct DueTimesTests {
    @Test("every slot starts due, keeps its own time, and is due exactly from that time on")
    func slotsKeepTheirOwnTimes() {
        let times = DueTimes(count: 3)
        let now = Date(timeIntervalSince1970: 1_767_600_000)
        #expect((0..<3).allSatisfy { times.isDue($0, at: now) })
        times.set(1, to: now.addingTimeInterval(60))
        times.set(2, to: now.addingTimeInterval(-0.001))
        #expect(times.isDue(0, at: now))
        #expect(!times.isDue(1, at: now))
        #expect(!times.isDue(1, at: now.addingTimeInterval(59.999)))
        #expect(times.isDue(1, at: now.addingTimeInterval(60)))
        #expect(times.isDue(2, at: now))
        #expect(times.due(1) == now.addingTimeInterval(60))
        #expect(times.due(2) == now.addingTimeInterval(-0.001))
    }
}
