import Foundation
import HatchDeviceModel
@testable import HatchIoTDeviceConnectionStateClient
import Testing

@Suite("ConnectionStateTracker")
struct ConnectionStateTrackerTests {
    let thing = ThingName(product: .riotPlus, macAddress: MacAddress(value: 42))

    func presence(_ state: PresenceState, reason: String? = nil, timestamp: Int? = nil) -> Data {
        PresenceRecord(state: state, thingName: thing, reason: reason, timestamp: timestamp).jsonValue.jsonData
    }

    @Test("unknown until both the link is up and a presence record arrived")
    func unknownUntilBoth() {
        var tracker = ConnectionStateTracker()
        #expect(tracker.state == .unknown)
        tracker.presence(payload: presence(.online, timestamp: 1000), retained: true, receivedAt: Date())
        #expect(tracker.state == .unknown)
        tracker.link(connected: true)
        #expect(tracker.state == .online(since: Date(timeIntervalSince1970: 1000)))
        tracker.link(connected: false)
        #expect(tracker.state == .unknown)
        tracker.link(connected: true)
        #expect(tracker.state == .unknown, "a presence from before the link dropped is not trusted after it comes back")
        tracker.presence(payload: presence(.online, timestamp: 2000), retained: true, receivedAt: Date())
        #expect(tracker.state == .online(since: Date(timeIntervalSince1970: 2000)))
    }

    @Test("a live last will without timestamp is offline since it arrived; a retained one since unknown")
    func lastWill() {
        let now = Date(timeIntervalSince1970: 5000)
        var tracker = ConnectionStateTracker()
        tracker.link(connected: true)
        tracker.presence(payload: presence(.offline, reason: "connectionLost"), retained: false, receivedAt: now)
        #expect(tracker.state == .offline(since: now, reason: "connectionLost"))
        // The same record replayed as retained keeps the moment it was seen.
        tracker.presence(payload: presence(.offline, reason: "connectionLost"), retained: true, receivedAt: now.addingTimeInterval(60))
        #expect(tracker.state == .offline(since: now, reason: "connectionLost"))

        var fresh = ConnectionStateTracker()
        fresh.link(connected: true)
        fresh.presence(payload: presence(.offline, reason: "connectionLost"), retained: true, receivedAt: now)
        #expect(fresh.state == .offline(since: nil, reason: "connectionLost"))
    }

    @Test("a cleared record means unknown; garbage is ignored")
    func clearedAndGarbage() {
        var tracker = ConnectionStateTracker()
        tracker.link(connected: true)
        tracker.presence(payload: presence(.online, timestamp: 1), retained: true, receivedAt: Date())
        tracker.presence(payload: Data("{".utf8), retained: false, receivedAt: Date())
        #expect(tracker.state.isOnline)
        tracker.presence(payload: Data(), retained: true, receivedAt: Date())
        #expect(tracker.state == .unknown)
    }
}
