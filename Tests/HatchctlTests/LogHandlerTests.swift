import Foundation
import Logging
import Synchronization
import Testing
import HatchServiceSupport

/// The log handlers of `--log-level`: one JSON object per line with `--json`, readable text otherwise.
@Suite("Log handlers")
struct LogHandlerTests {
    private final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        var sink: LogSink { LogSink { line in self.lines.withLock { $0.append(line) } } }
        var all: [String] { lines.withLock { $0 } }
    }

    private static let fixedTime: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_767_610_200.25) }

    @Test("a JSON line has timestamp, level, label, message and metadata, and nothing spans lines")
    func jsonLine() throws {
        let lines = Lines()
        var logger = Logger(label: "hatch.fleet") { LineLogHandler(label: $0, level: .debug, format: .json, sink: lines.sink, now: Self.fixedTime) }
        logger[metadataKey: "shard"] = "1of2"
        logger.info("fault injected: \"reboot\"\nnext line", metadata: [
            "mac": "02:4D:00:00:00:01", "code": .stringConvertible(503),
            "detail": ["fault": "reboot", "devices": ["Nursery", "Parents"]],
        ])
        logger.trace("dropped below the level")
        let written = lines.all
        try #require(written.count == 1)
        let line = written[0]
        #expect(line.hasSuffix("\n"))
        #expect(line.dropLast().contains("\n") == false)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["timestamp", "level", "label", "message", "metadata"])
        #expect(object["timestamp"] as? String == "2026-01-05T10:50:00.250Z")
        #expect(object["level"] as? String == "info")
        #expect(object["label"] as? String == "hatch.fleet")
        #expect(object["message"] as? String == "fault injected: \"reboot\"\nnext line")
        let metadata = try #require(object["metadata"] as? [String: Any])
        #expect(metadata["mac"] as? String == "02:4D:00:00:00:01")
        #expect(metadata["code"] as? String == "503")
        #expect(metadata["shard"] as? String == "1of2")
        let detail = try #require(metadata["detail"] as? [String: Any])
        #expect(detail["fault"] as? String == "reboot")
        #expect(detail["devices"] as? [String] == ["Nursery", "Parents"])
    }

    @Test("without metadata the JSON line has no metadata key; an error is kept")
    func jsonWithoutMetadata() throws {
        let lines = Lines()
        let logger = Logger(label: "hatch.metrics") { LineLogHandler(label: $0, level: .info, format: .json, sink: lines.sink, now: Self.fixedTime) }
        logger.warning("plain")
        let line = try #require(lines.all.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["metadata"] == nil)
        #expect(object["level"] as? String == "warning")
        #expect(object["label"] as? String == "hatch.metrics")
    }

    @Test("a text line reads time, level, label, message, then sorted key=value pairs")
    func textLine() throws {
        let lines = Lines()
        let logger = Logger(label: "hatch.fleet") { LineLogHandler(label: $0, level: .info, format: .text, sink: lines.sink, now: Self.fixedTime) }
        logger.notice("alarm fired", metadata: ["thing": "restoreV5-024d00000001", "alarm": "3", "note": "two words"])
        logger.debug("below the level")
        #expect(lines.all == ["2026-01-05T10:50:00.250Z notice hatch.fleet: alarm fired alarm=3 note=\"two words\" thing=restoreV5-024d00000001\n"])
    }
}
