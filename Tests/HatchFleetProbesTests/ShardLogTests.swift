import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import HatchFleetProbes
import Testing

/// The logs a shard process writes for a scenario engine in another process: every event a scenario
/// measures reads back as written, and a follower returns each complete line once.
@Suite("shard logs")
struct ShardLogTests {
    @Test("each event a scenario measures reads back as written, with its simulated time")
    func eventsRoundTrip() throws {
        let thing = ThingName(rawValue: "restoreV5_a4c138100001")
        let at = Date(timeIntervalSince1970: 1_772_428_200.25)
        let events: [EngineEvent] = [.routineStarted(id: 3), .routineFinished(id: 3), .sunriseStarted(alarmID: 7), .alarmFired(alarmID: 7),
                                     .alarmSnoozed(alarmID: 7, until: 1_772_428_740), .alarmDismissed(alarmID: 7)]
        for event in events {
            let line = try #require(EngineEventLog.line(thing, event, at: at))
            let parsed = try #require(EngineEventLog.parse(line.dropLast()))
            #expect(parsed.thing == thing)
            #expect(parsed.event == event)
            #expect(abs(parsed.at.timeIntervalSince(at)) < 0.001)
        }
        #expect(EngineEventLog.line(thing, .settingsChanged, at: at) == nil, "saved settings are not measured")
        #expect(EngineEventLog.parse("1 thing alarmSnoozed 7") == nil, "a snooze without its end is not one")
        #expect(EngineEventLog.parse("garbage") == nil)
    }

    @Test("a follower returns each complete line once and keeps a cut-off last line for later")
    func tailReadsCompleteLines() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hatch-tail-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: url) }
        let tail = LogTail(url: url)
        #expect(tail.newLines().isEmpty, "no file yet")
        let log = try EngineEventLog(url: url)
        let thing = ThingName(rawValue: "riot_a4c138100002")
        log.record(thing, .alarmFired(alarmID: 1), at: Date(timeIntervalSince1970: 100))
        log.record(thing, .settingsChanged, at: Date(timeIntervalSince1970: 101))
        #expect(tail.newLines().count == 1)
        let handle = try FileHandle(forWritingTo: url)
        handle.seekToEndOfFile()
        try handle.write(contentsOf: Data("102.000 riot_a4c138100002 alarmDis".utf8))
        #expect(tail.newLines().isEmpty, "a line being written waits")
        try handle.write(contentsOf: Data("missed 1\n".utf8))
        try handle.close()
        let lines = tail.newLines()
        #expect(lines.count == 1)
        #expect(EngineEventLog.parse(lines[0])?.event == .alarmDismissed(alarmID: 1))
        #expect(tail.newLines().isEmpty)
    }

    @Test("a request log line reads back as the request it records")
    func requestLine() throws {
        let parsed = try #require(RequestLog.parse("repeated restoreV5_a4c138100001 shadowUpdate tok-1"))
        #expect(parsed.thing == "restoreV5_a4c138100001")
        #expect(parsed.request.repeated)
        #expect(parsed.request.clientToken == "tok-1")
    }
}
