import Foundation
import HatchDeviceModel
@testable import HatchDeviceSimulator
import Testing

/// The shadow service's document writer: a snapshot written before a reply and batches written in
/// the background never put an older document over a newer one, and stopping the service writes
/// everything, so a restart sees the last version.
@Suite("shadow document writer")
struct ShadowDocumentWriterTests {
    private static let thing = ThingName(rawValue: "restoreV5_a4c138000002")

    /// The document after `versions` reports, as the service would hold it.
    private static func snapshot(version: Int) -> ShadowDocumentWriter.Snapshot {
        var shadow = DeviceShadow()
        for level in 1...version {
            _ = shadow.update(payload: Data(#"{"state":{"reported":{"volume":\#(level)}}}"#.utf8), timestamp: 1_767_600_000 + level)
        }
        return ShadowDocumentWriter.Snapshot(shadowKey: ShadowKey(thing), generation: version, shadow: PersistedShadow(document: shadow.document))
    }

    private static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("shadow-writer-\(UUID().uuidString)")
    }

    @Test("an older snapshot never replaces a newer one, whichever way each was written")
    func newestWins() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try ShadowDocumentStore(directory: folder)
        let writer = ShadowDocumentWriter(store: store, logger: .init(label: "test"))
        func savedVersion() -> Int? { store.loadAll().shadows[ShadowKey(Self.thing)]?.document.version }

        writer.write(Self.snapshot(version: 2))
        #expect(savedVersion() == 2)
        #expect(writer.writeInBackground([Self.snapshot(version: 1)]))
        await writer.finishBackgroundWrites()
        #expect(savedVersion() == 2, "a batch taken before the newer write must not replace it")
        #expect(writer.writeInBackground([Self.snapshot(version: 3)]))
        await writer.finishBackgroundWrites()
        #expect(savedVersion() == 3)
        writer.write(Self.snapshot(version: 1))
        #expect(savedVersion() == 3)
        // Written: versions 2 and 3; the two older snapshots were not.
        #expect(writer.failures == 0 && writer.writes == 2)
    }

    @Test("reports saved in the background, and at stop, reach a restarted service at every count of reports", arguments: [1, 7, 40])
    func reportsSurviveARestart(reports: Int) async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = ShadowServiceConfiguration(broker: try .init("mqtt://127.0.0.1:1"), stateDirectory: folder)
        let service = try ShadowService(configuration: configuration)
        let things = (1...5).map { ThingName(rawValue: "restoreV5_a4c13800010\($0)") }
        for report in 1...reports {
            for thing in things {
                let replies = await service.handle(topic: Topics.Shadow(thing).update,
                                                   payload: Data(#"{"state":{"reported":{"volume":\#(report)}}}"#.utf8))
                #expect(replies.first?.topic == Topics.Shadow(thing).updateAccepted)
            }
        }
        await service.stop()
        #expect(service.saveFailures == 0)
        let restarted = try ShadowService(configuration: configuration)
        #expect(restarted.thingCount == things.count)
        for thing in things {
            #expect(await restarted.document(of: thing)?.version == reports, "\(thing)")
        }
    }
}

/// The shadow service's files are written by hand, read by `JSONDecoder`: every field survives.
@Suite("shadow document files")
struct PersistedShadowFileTests {
    @Test("a saved shadow reads back equal, with its desired and reported state, metadata, client tokens and dates",
          arguments: [0.0, 0.123_456_7, 0.999_999])
    func roundTrip(fraction: Double) throws {
        var shadow = DeviceShadow()
        _ = shadow.update(payload: Data(#"{"state":{"reported":{"current":{"sound":{"v":1},"playing":"none"},"name":"Nurs\"ery ☾"}}}"#.utf8),
                          timestamp: 1_767_600_000)
        let realNow = Date(timeIntervalSince1970: 1_767_600_100 + fraction)
        _ = shadow.update(payload: Data(#"{"state":{"desired":{"current":{"sound":{"v":900}}}},"clientToken":"app-1 \"quoted\""}"#.utf8),
                          timestamp: 1_767_600_060, realNow: realNow)
        let saved = PersistedShadow(document: shadow.document, recentUpdates: shadow.recentUpdates,
                                    savedAt: Date(timeIntervalSince1970: 1_767_600_200 + fraction))
        #expect(saved.document.desired != nil && saved.document.reportedMetadata != nil && saved.recentUpdates.entries.count == 1)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let read = try decoder.decode(PersistedShadow.self, from: saved.jsonValue.jsonData)
        #expect(read == saved)
        #expect(read.recentUpdates.reply(for: "app-1 \"quoted\"", now: realNow) == AcceptedUpdate(version: 2, timestamp: 1_767_600_060))
    }
}
