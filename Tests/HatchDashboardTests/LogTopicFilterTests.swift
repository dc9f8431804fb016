import Foundation
import HatchDashboard
import HatchDeviceModel
import Testing

/// The message log's topic filter, on the server: the rules the page's filter uses, and a page's
/// stream carrying the newest matching messages however busy the rest of the fleet is.
@Suite("The log's topic filter")
struct LogTopicFilterTests {
    @Test("MQTT wildcards, any part of a topic without them, and nothing for an empty filter")
    func rules() throws {
        let shadows = try #require(LogTopicFilter("$aws/things/+/shadow/#"))
        #expect(shadows.matches("$aws/things/abc/shadow/update/accepted"))
        #expect(!shadows.matches("hatch/things/abc/presence"))
        let update = try #require(LogTopicFilter("$aws/things/+/shadow/update"))
        #expect(update.matches("$aws/things/abc/shadow/update"))
        #expect(!update.matches("$aws/things/abc/shadow/update/accepted"))
        #expect(try #require(LogTopicFilter("restoreV5-a4c1")).matches("$aws/things/restoreV5-a4c13800/shadow/update"))
        #expect(try #require(LogTopicFilter("#")).matches("$aws/things/x"))
        #expect(LogTopicFilter("  ") == nil)
    }

    @Test("a filtered stream gets the matching messages the engine kept, then only matching ones, even when the fleet is busier")
    func filteredStream() async throws {
        let engine = DashboardEngine(devices: [])
        for index in 0..<50 { engine.record(topic: "$aws/things/quiet/shadow/update/accepted", payload: Data("{\"n\":\(index)}".utf8)) }
        let stream = engine.subscribe()
        var batches = stream.makeAsyncIterator()
        let first = try #require(await batches.next())
        let id = try #require(first.subscriber)
        #expect(engine.setLogFilter("quiet", for: id))
        #expect(!engine.setLogFilter("quiet", for: id + 100))
        engine.record(topic: "$aws/things/quiet/shadow/update/documents", payload: Data("{}".utf8))
        for index in 0..<1000 { engine.record(topic: "$aws/things/busy-\(index)/shadow/update/accepted", payload: Data("{}".utf8)) }
        let shared = try #require(engine.flush())
        #expect(!shared.log.contains { $0.thing == "quiet" }, "the fleet's newest messages are the busy devices'")
        let own = try #require(await batches.next())
        #expect(own.log.count == 51)
        #expect(own.log.allSatisfy { $0.thing == "quiet" })
        #expect(own.log.last?.kind == "documents", "the kept matches first, then the new one")
        engine.setLogFilter("", for: id)
        engine.record(topic: "$aws/things/busy-1/shadow/update", payload: Data("{}".utf8))
        engine.flush()
        #expect(try #require(await batches.next()).log.map(\.thing) == ["busy-1"])
        engine.finish()
    }

    @Test("a kept message whole, with the one before it on its topic, beyond the rows' cut")
    func wholeMessage() throws {
        let engine = DashboardEngine(devices: [])
        let long = String(repeating: "x", count: MessageLogEntry.payloadLimit + 100)
        engine.record(topic: "t/a", payload: Data("{\"v\":1}".utf8))
        engine.record(topic: "t/b", payload: Data("{}".utf8))
        engine.record(topic: "t/a", payload: Data("{\"v\":\"\(long)\"}".utf8))
        let message = try #require(engine.message(3))
        #expect(message.payload.count == MessageLogEntry.payloadLimit + 108)
        #expect(message.previous == "{\"v\":1}")
        #expect(try #require(engine.message(2)).previous == nil)
        #expect(engine.message(99) == nil)
    }
}
