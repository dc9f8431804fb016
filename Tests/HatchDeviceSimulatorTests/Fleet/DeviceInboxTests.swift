import Foundation
@testable import HatchDeviceSimulator
import HatchMQTT
import Testing

@Suite("A device's inbox")
struct DeviceInboxTests {
    private static func message(_ text: String) -> DeviceInbox.Item {
        .message(MQTTMessage(topic: "t", payload: Data(text.utf8), qos: .atLeastOnce, retain: false), generation: 1)
    }

    /// Each arrival as text ("end N" for the end of connection N).
    private static func texts(_ items: [DeviceInbox.Item]) -> [String] {
        items.map {
            switch $0 {
            case .message(let message, _): String(decoding: message.payload, as: UTF8.self)
            case .ended(let generation): "end \(generation)"
            }
        }
    }

    /// What a drain task hands over until `next()` says stop.
    private static func drain(_ inbox: inout DeviceInbox) -> [String] {
        var items: [DeviceInbox.Item] = []
        while let item = inbox.next() { items.append(item) }
        return texts(items)
    }

    @Test("the first arrival starts one drain; later ones join it, in order, until it runs dry")
    func oneDrainAtATime() {
        var inbox = DeviceInbox()
        let starts = [inbox.add(Self.message("a")), inbox.add(Self.message("b")), inbox.add(.ended(generation: 1))]
        #expect(starts == [true, false, false])
        let drained = Self.drain(&inbox)
        #expect(drained == ["a", "b", "end 1"])
        // Dry: the next arrival needs a new drain.
        let startsAgain = inbox.add(Self.message("c"))
        #expect(startsAgain)
        let drainedAgain = Self.drain(&inbox)
        #expect(drainedAgain == ["c"])
    }

    @Test("while the device connects, arrivals wait; releasing starts a drain only when some wait")
    func heldWhileConnecting() {
        var inbox = DeviceInbox()
        inbox.hold()
        let emptyRelease = inbox.release()
        #expect(!emptyRelease)
        inbox.hold()
        let starts = [inbox.add(Self.message("kept 1")), inbox.add(Self.message("kept 2"))]
        #expect(starts == [false, false])
        let whileHeld = inbox.next()
        #expect(whileHeld == nil)
        let released = inbox.release()
        #expect(released)
        let drained = Self.drain(&inbox)
        #expect(drained == ["kept 1", "kept 2"])
    }

    @Test("a drain under way stops when the device connects again, and what waits is kept for after")
    func drainStopsForAReconnect() {
        var inbox = DeviceInbox()
        let starts = [inbox.add(Self.message("old")), inbox.add(.ended(generation: 1))]
        #expect(starts == [true, false])
        let first = inbox.next().map { Self.texts([$0]) }
        #expect(first == ["old"])
        inbox.hold()
        let startsWhileHeld = inbox.add(Self.message("new"))
        #expect(!startsWhileHeld)
        let whileHeld = inbox.next()
        #expect(whileHeld == nil)
        let released = inbox.release()
        #expect(released)
        let drained = Self.drain(&inbox)
        #expect(drained == ["end 1", "new"])
    }
}
