import Foundation
import HatchDeviceModel
import Testing
@testable import HatchDeviceSimulator

/// The compact `state.reported` store against the JSON trees it stands for: every reading,
/// encoding, merge and delta must be what the trees give.
@Suite("Reported store: shaped documents behave as their trees")
struct ReportedStoreTests {
    /// A small deterministic generator, so a failure names its seed.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }

        /// A plain value: small and large integers, doubles, Booleans, strings that need escaping.
        mutating func leaf() -> JSONValue {
            switch next(6) {
            case 0: return .int(next(100))
            case 1: return .int(1_767_592_800 + next(1000) - 500)
            case 2: return .double(Double(next(1000)) / 8)
            case 3: return .bool(next(2) == 0)
            case 4: return .string(["", "none", "prod", "a \"quoted\" é", "line\nbreak"][next(5)])
            default: return .int(-next(70000))
            }
        }

        /// An object of up to `width` fields from a small key pool, nested up to `depth`.
        mutating func object(depth: Int, width: Int = 6) -> JSONObject {
            var fields: JSONObject = [:]
            for _ in 0..<(1 + next(width)) {
                let key = ["a", "b", "current", "sound", "v", "i", "clock", "ü", "k\"ey"][next(9)]
                fields[key] = depth > 0 && next(3) == 0 ? .object(object(depth: depth - 1, width: width)) : leaf()
            }
            return fields
        }

        /// A report patch over `reported`: new values for some of its leaves, sometimes a new field.
        mutating func patch(over reported: JSONObject, depth: Int) -> JSONObject {
            var patch: JSONObject = [:]
            for (key, value) in reported where next(3) == 0 {
                if case .object(let inner) = value, depth > 0 {
                    let nested = self.patch(over: inner, depth: depth - 1)
                    if !nested.isEmpty { patch[key] = .object(nested) }
                } else {
                    patch[key] = leaf()
                }
            }
            if next(5) == 0 { patch["new\(next(3))"] = leaf() }
            return patch
        }
    }

    static let seeds: [UInt64] = Array(1...40)

    @Test("a document reads, encodes and compares as its trees", arguments: seeds)
    func roundTrip(seed: UInt64) throws {
        var random = Generator(state: seed)
        let reported = JSONValue.object(random.object(depth: 3))
        let metadata = reported.metadata(timestamp: 1_767_592_800 + random.next(5))
        let store = ReportedStore(reported: reported, metadata: metadata)
        #expect(store.shape != nil)
        #expect(store.reported == reported)
        #expect(store.metadata == metadata)
        #expect(store.reportedByteCount == reported.encodedByteCount)
        var state = JSONByteWriter(), stamps = JSONByteWriter()
        store.writeReported(into: &state)
        store.writeMetadata(into: &stamps)
        #expect(state.makeArray() == reported.encodedBytes)
        #expect(stamps.makeArray() == metadata.encodedBytes)
        #expect(store == ReportedStore(reported: reported, metadata: metadata))
        #expect(store.hashValue == ReportedStore(reported: reported, metadata: metadata).hashValue)
        for key in ["a", "current", "missing"] {
            #expect(store.field(key) == reported[key])
            #expect(store.hasField(key) == (reported[key] != nil))
        }
    }

    @Test("a report sets values in place exactly as a merge of the trees would, or changes nothing", arguments: seeds)
    func settingValues(seed: UInt64) throws {
        var random = Generator(state: seed)
        let reported = random.object(depth: 2)
        let metadata = JSONValue.object(reported).metadata(timestamp: 100)
        var store = ReportedStore(reported: .object(reported), metadata: metadata)
        let before = store
        for step in 1...5 {
            let patch = random.patch(over: try #require(store.reported?.objectValue), depth: 2)
            guard !patch.isEmpty else { continue }
            let expected = (reported: store.reported!.merging(.object(patch)),
                            metadata: store.metadata!.merging(JSONValue.object(patch).metadata(timestamp: 100 + step)))
            var copy = store
            if copy.setValues(patch, timestamp: 100 + step) {
                #expect(copy.reported == expected.reported)
                #expect(copy.metadata == expected.metadata)
                #expect(copy.shape === store.shape)
                store = copy
            } else {
                // Only a report that changes the document's structure may be refused, and a refused one changes nothing.
                #expect(Set(expected.reported.leafPaths) != Set(store.reported!.leafPaths))
                #expect(copy == store)
                store = ReportedStore(reported: expected.reported, metadata: expected.metadata)
            }
        }
        #expect(before.reported == .object(reported))
    }

    /// Timestamps of ten digits are stored over the zeros of the shape's template, any other length is
    /// written the long way: leaves stamped at many times, of both kinds, mixed in one document.
    @Test("metadata encodes as its tree whatever its timestamps: many distinct, of ten digits and not", arguments: seeds)
    func metadataOfManyTimestamps(seed: UInt64) throws {
        var random = Generator(state: seed)
        let reported = random.object(depth: 2, width: 8)
        let times = [1_767_592_800, 1_000_000_000, 4_294_967_295, 999_999_999, 7, 1_767_592_801, 1_767_592_802, 1_767_592_803, 1_767_600_000]
        var store = ReportedStore(reported: .object(reported), metadata: JSONValue.object(reported).metadata(timestamp: times[0]))
        for step in 1...12 {
            let patch = random.patch(over: try #require(store.reported?.objectValue), depth: 2)
            guard !patch.isEmpty else { continue }
            let timestamp = step % 4 == 0 ? times[random.next(times.count)] : times[random.next(3)] + step
            var copy = store
            if copy.setValues(patch, timestamp: timestamp) { store = copy }
            var stamps = JSONByteWriter()
            store.writeMetadata(into: &stamps)
            #expect(stamps.makeArray() == store.metadata?.encodedBytes, "seed \(seed), step \(step)")
        }
    }

    @Test("the delta of any desired state is the trees' delta", arguments: seeds)
    func deltas(seed: UInt64) {
        var random = Generator(state: seed)
        let reported = JSONValue.object(random.object(depth: 2))
        let store = ReportedStore(reported: reported, metadata: reported.metadata(timestamp: 7))
        for _ in 0..<5 {
            let desired: JSONValue = random.next(4) == 0 ? random.leaf()
                : .object(random.patch(over: reported.objectValue!, depth: 2).merging(random.object(depth: 1)) { $1 })
            #expect(store.delta(desired: desired) == JSONValue.delta(desired: desired, reported: reported))
        }
    }

    @Test func valuesAreSetInPlaceAndStructuralChangesRefused() {
        let reported: JSONValue = ["a": ["b": 1, "c": "x"], "d": true]
        var store = ReportedStore(reported: reported, metadata: reported.metadata(timestamp: 5))
        let set = store.setValues(["a": ["b": 2]], timestamp: 6)
        #expect(set)
        #expect(store.reported == ["a": ["b": 2, "c": "x"], "d": true])
        #expect(store.metadata == ["a": ["b": ["timestamp": 6], "c": ["timestamp": 5]], "d": ["timestamp": 5]])
        let settled = store
        for refused: JSONObject in [["e": 1], ["a": 3], ["d": ["f": 1]], ["a": ["b": [1]]], ["a": ["g": 1]]] {
            let accepted = store.setValues(refused, timestamp: 7)
            #expect(!accepted)
            #expect(store == settled)
        }
        // A timestamp past what four bytes hold is merged as trees by the caller.
        let late = store.setValues(["a": ["b": 3]], timestamp: 5_000_000_000)
        #expect(!late)
        #expect(store == settled)
    }

    @Test func documentsThatFitNoShapeAreKeptAsTrees() {
        let cases: [(JSONValue?, JSONValue?)] = [
            (["list": [1, 2]], ["list": [["timestamp": 1], ["timestamp": 1]]]),
            (["a": 1], ["a": ["timestamp": 1, "note": "extra"]]),
            (["a": 1], ["b": ["timestamp": 1]]),
            (["a": 1], nil),
            (nil, ["a": ["timestamp": 1]]),
            (.int(5), .object(["timestamp": 1])),
            (.emptyObject, .emptyObject),
            (["a": 1], ["a": ["timestamp": 5_000_000_000]]),
            (["a": 1], ["a": ["timestamp": -1]]),
        ]
        for (reported, metadata) in cases {
            let store = ReportedStore(reported: reported, metadata: metadata)
            #expect(store.shape == nil)
            #expect(store.reported == reported)
            #expect(store.metadata == metadata)
            var state = JSONByteWriter()
            store.writeReported(into: &state)
            #expect(state.makeArray() == (reported?.encodedBytes ?? []))
        }
    }

    @Test("the documents node is written as its tree encodes", arguments: seeds.prefix(10))
    func documentsNode(seed: UInt64) {
        var random = Generator(state: seed)
        let reported = JSONValue.object(random.object(depth: 2))
        let desired: JSONValue? = random.next(2) == 0 ? .object(random.object(depth: 1)) : nil
        let document = ShadowDocument(desired: desired, reported: reported, desiredMetadata: desired?.metadata(timestamp: 3),
                                      reportedMetadata: reported.metadata(timestamp: 4), version: random.next(1000))
        var output = JSONByteWriter()
        document.writeDocumentsNode(into: &output)
        #expect(output.makeArray() == document.documentsNode.encodedBytes)
        let empty = ShadowDocument(version: 3)
        var emptyOutput = JSONByteWriter()
        empty.writeDocumentsNode(into: &emptyOutput)
        #expect(emptyOutput.makeArray() == empty.documentsNode.encodedBytes)
    }

    @Test("a report's /update/documents holds the documents before and after it, byte for byte", arguments: seeds.prefix(20))
    func documentsOfReports(seed: UInt64) throws {
        var random = Generator(state: seed)
        var shadow = DeviceShadow()
        var timestamp = 1_767_592_800
        _ = shadow.apply(desired: nil, reported: .object(random.object(depth: 2)), timestamp: timestamp, token: nil)
        for step in 0..<8 {
            timestamp += 1 + random.next(3)
            let before = shadow.document
            let patch = random.patch(over: try #require(before.reported?.objectValue), depth: 2)
            let desired: JSONValue? = step == 5 ? ["a": 1] : nil
            let result = shadow.apply(desired: desired, reported: patch.isEmpty ? nil : .object(patch), timestamp: timestamp, token: "t\(step)")
            let documents = try #require(result.publications.first { $0.channel == .updateDocuments })
            let expected: JSONValue = ["clientToken": .string("t\(step)"), "current": shadow.document.documentsNode,
                                       "previous": before.documentsNode, "timestamp": .int(timestamp)]
            #expect(documents.encoded == expected.jsonData, "seed \(seed), step \(step)")
        }
    }

    @Test func shadowDocumentsDecodeAsTheyEncode() throws {
        let reported: JSONValue = ["current": ["sound": ["v": 5]], "rssi": -60]
        let document = ShadowDocument(desired: ["a": 1], reported: reported, desiredMetadata: ["a": ["timestamp": 1]],
                                      reportedMetadata: reported.metadata(timestamp: 2), version: 9, deletedAt: nil)
        let decoded = try JSONDecoder().decode(ShadowDocument.self, from: JSONEncoder().encode(document))
        #expect(decoded == document)
        #expect(decoded.reportedStore.shape != nil)
    }
}
