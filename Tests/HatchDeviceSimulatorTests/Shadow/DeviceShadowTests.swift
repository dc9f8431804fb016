import Foundation
import HatchDeviceModel
import HatchSeededRandom
import Testing
@testable import HatchDeviceSimulator

@Suite("Shadow protocol (AWS IoT classic semantics)")
struct DeviceShadowTests {
    func payload(_ value: JSONValue) -> Data { value.jsonData }

    func reportedShadow() -> DeviceShadow {
        var shadow = DeviceShadow()
        _ = shadow.apply(desired: nil, reported: ["current": ["srId": 0, "playing": "none"], "rssi": -50], timestamp: 100, token: nil)
        return shadow
    }

    /// Reports and deltas as a device sends them: a first full report, routine steps that change
    /// nested fields, a setting, a field removed with `null`, an empty object, and desired values
    /// set and cleared.
    static let recordedUpdates: [(desired: String?, reported: String?)] = [
        (nil, #"{"current":{"color":{"r":1,"g":2,"b":3,"i":10},"sound":{"id":3,"v":100},"playing":"routine"},"rssi":-50,"name":"Nursery"}"#),
        (#"{"current":{"sound":{"v":200}}}"#, nil),
        (#"{"current":{"sound":{"v":null}}}"#, #"{"current":{"sound":{"v":200},"color":{"i":20}}}"#),
        (nil, #"{"current":{"color":{"r":4,"i":30}},"rssi":-51}"#),
        (nil, #"{"name":null,"alarms":{}}"#),
        (#"{"volume":5}"#, #"{"current":{"playing":"none"}}"#),
        (#"null"#, #"{"current":{"color":{"r":0,"g":0,"b":0,"i":0}}}"#),
    ]

    @Test("a device's own copy that records its updates holds what the shadow that answers them holds, at any time of day",
          arguments: [1_767_600_000, 1_767_630_000, 1_767_657_000])
    func recordMatchesApply(start: Int) throws {
        var answering = DeviceShadow(), recording = DeviceShadow()
        for (step, update) in Self.recordedUpdates.enumerated() {
            let desired = try update.desired.map { try JSONValue(data: Data($0.utf8)) }
            let reported = try update.reported.map { try JSONValue(data: Data($0.utf8)) }
            let result = answering.apply(desired: desired, reported: reported, timestamp: start + 60 * step, token: nil)
            recording.record(desired: desired, reported: reported, timestamp: start + 60 * step)
            #expect(!result.publications.isEmpty)
            #expect(recording.document == answering.document, "step \(step)")
            #expect(recording.reportedGeneration == answering.reportedGeneration, "step \(step)")
        }
        #expect(recording.document.version == Self.recordedUpdates.count)
        // The recording copy answers a get with the same document afterwards.
        let get = Data(#"{"clientToken":"after"}"#.utf8)
        #expect(recording.get(payload: get, timestamp: start + 3600).publications.first?.encoded
                == answering.get(payload: get, timestamp: start + 3600).publications.first?.encoded)
    }

    @Test func updateIsAcceptedWithVersionAndClientToken() throws {
        var shadow = reportedShadow()
        let result = shadow.update(payload: payload(DeviceAction.startRoutine(id: 3).updateRequest(for: .restoreV5, clientToken: "abc")), timestamp: 200)
        let accepted = try #require(result.publications.first { $0.channel == .updateAccepted }?.payload)
        #expect(accepted["version"] == 2)
        #expect(accepted["clientToken"] == "abc")
        #expect(accepted["timestamp"] == 200)
        #expect(accepted[path: ["state", "desired", "current", "srId"]] == 3)
        #expect(accepted[path: ["metadata", "desired", "current", "srId", "timestamp"]] == 200)
        let delta = try #require(result.publications.first { $0.channel == .updateDelta }?.payload)
        #expect(delta["state"] == ["current": ["srId": 3, "step": 1, "playing": "routine", "paused": false]])
        #expect(delta["version"] == 2)
        #expect(result.deltaForDevice == delta["state"])
        let documents = try #require(result.publications.first { $0.channel == .updateDocuments }?.payload)
        #expect(documents[path: ["previous", "version"]] == 1)
        #expect(documents[path: ["current", "version"]] == 2)
        #expect(documents[path: ["current", "state", "desired", "current", "srId"]] == 3)
        #expect(documents[path: ["previous", "state", "desired"]] == nil)
    }

    @Test func noDeltaWhenDesiredMatchesReported() {
        var shadow = reportedShadow()
        let result = shadow.update(payload: payload(ShadowRequest.update(desired: ["rssi": -50])), timestamp: 1)
        #expect(!result.publications.contains { $0.channel == .updateDelta })
        #expect(result.deltaForDevice == nil)
    }

    @Test func getReturnsStateDeltaMetadataAndVersion() throws {
        var shadow = reportedShadow()
        _ = shadow.update(payload: payload(ShadowRequest.update(desired: ["nightlightOn": true])), timestamp: 150)
        let result = shadow.get(payload: payload(ShadowRequest.get(clientToken: "g1")), timestamp: 160)
        let reply = try #require(result.publications.first { $0.channel == .getAccepted }?.payload)
        #expect(reply[path: ["state", "desired", "nightlightOn"]] == true)
        #expect(reply[path: ["state", "reported", "rssi"]] == -50)
        #expect(reply[path: ["state", "delta"]] == ["nightlightOn": true])
        #expect(reply[path: ["metadata", "reported", "rssi", "timestamp"]] == 100)
        #expect(reply["version"] == 2)
        #expect(reply["clientToken"] == "g1")
    }

    @Test func getBeforeAnyDocumentIs404() throws {
        let result = DeviceShadow().get(payload: Data("{}".utf8), timestamp: 1)
        #expect(result.rejection?["code"] == 404)
    }

    @Test func nullDeletesAndDesiredNullClearsDesired() {
        var shadow = reportedShadow()
        _ = shadow.update(payload: payload(ShadowRequest.update(desired: ["a": 1, "b": ["c": 2]])), timestamp: 1)
        _ = shadow.update(payload: payload(ShadowRequest.update(desired: ["b": ["c": .null]])), timestamp: 2)
        #expect(shadow.document.desired == ["a": 1])
        _ = shadow.update(payload: Data(#"{"state":{"desired":null}}"#.utf8), timestamp: 3)
        #expect(shadow.document.desired == nil)
        #expect(shadow.document.version == 4)
    }

    @Test func malformedJSONIs400() {
        var shadow = reportedShadow()
        let result = shadow.update(payload: Data("{not json".utf8), timestamp: 5)
        #expect(result.rejection == ["code": 400, "message": "Payload contains invalid json", "timestamp": 5])
        #expect(shadow.document.version == 1)
    }

    @Test func missingStateIs400WithClientToken() {
        var shadow = reportedShadow()
        let result = shadow.update(payload: payload(["clientToken": "t"]), timestamp: 5)
        #expect(result.rejection == ["code": 400, "message": "Missing required node: state", "timestamp": 5, "clientToken": "t"])
    }

    static let sound: JSONValue = ["current": ["sound": ["v": "loud"]]]
    static let red: JSONValue = ["current": ["color": ["r": 70000]]]
    static let nightlight: JSONValue = ["nightlightOn": "yes"]
    static let playing: JSONValue = ["current": ["playing": "loud"]]
    static let clock: JSONValue = ["clock": ["turnOnAt": "25:00"]]
    static let current: JSONValue = ["current": 5]
    static let wrongTypes: [(JSONValue, String)] = [
        (sound, "current.sound.v must be an integer"),
        (red, "current.color.r must be 0…65535"),
        (nightlight, "nightlightOn must be true or false"),
        (playing, "current.playing must be one of none, remote, routine"),
        (clock, "clock.turnOnAt must be a time of day HH:mm"),
        (current, "current must be an object"),
    ]

    @Test(arguments: wrongTypes)
    func wrongTypesAre400NamingTheField(desired: JSONValue, expected: String) throws {
        var shadow = reportedShadow()
        let result = shadow.update(payload: payload(ShadowRequest.update(desired: desired, clientToken: "w")), timestamp: 5)
        let rejection = try #require(result.rejection)
        #expect(rejection["code"] == 400)
        #expect(rejection["clientToken"] == "w")
        #expect(rejection["message"]?.stringValue?.contains(expected) == true)
    }

    @Test func desiredMustBeAnObject() {
        var shadow = reportedShadow()
        let result = shadow.update(payload: payload(["state": ["desired": 3]]), timestamp: 5)
        #expect(result.rejection?["code"] == 400)
    }

    @Test func stateOver8KBIs413() {
        var shadow = reportedShadow()
        let big = JSONValue.string(String(repeating: "x", count: 8200))
        let result = shadow.update(payload: payload(ShadowRequest.update(desired: ["note": big], clientToken: "big")), timestamp: 5)
        #expect(result.rejection == ["code": 413, "message": "The payload exceeds the maximum size allowed", "timestamp": 5, "clientToken": "big"])
    }

    @Test("updates that each fit but together hold more than 8 KB of desired and reported state are 413, and change nothing")
    func documentOver8KBIs413() throws {
        var shadow = reportedShadow()
        let half = JSONValue.string(String(repeating: "x", count: 5000))
        let first = shadow.update(payload: payload(ShadowRequest.update(desired: ["note": half])), timestamp: 5)
        #expect(first.rejection == nil)
        let before = shadow.document
        let second = shadow.update(payload: payload(ShadowRequest.update(reported: ["log": half], clientToken: "full")), timestamp: 6)
        #expect(second.rejection == ["code": 413, "message": "The payload exceeds the maximum size allowed", "timestamp": 6, "clientToken": "full"])
        #expect(shadow.document == before, "a refused update leaves the document and its version alone")
        // Replacing a field rather than adding one keeps the document under the limit; metadata does not count.
        let replaced = shadow.update(payload: payload(ShadowRequest.update(desired: ["note": .string(String(repeating: "y", count: 5000))])), timestamp: 7)
        #expect(replaced.rejection == nil)
        let cleared = shadow.update(payload: payload(ShadowRequest.update(desired: ["note": .null])), timestamp: 8)
        #expect(cleared.rejection == nil)
        let now = shadow.update(payload: payload(ShadowRequest.update(reported: ["log": half])), timestamp: 9)
        #expect(now.rejection == nil, "with desired cleared the report fits")
    }

    @Test func staleVersionIs409AndCurrentVersionIsAccepted() {
        var shadow = reportedShadow()
        let stale = shadow.update(payload: payload(ShadowRequest.update(desired: ["nightlightOn": true], clientToken: "v", version: 7)), timestamp: 5)
        #expect(stale.rejection == ["code": 409, "message": "Version conflict", "timestamp": 5, "clientToken": "v"])
        let current = shadow.update(payload: payload(ShadowRequest.update(desired: ["nightlightOn": true], version: 1)), timestamp: 6)
        #expect(current.rejection == nil)
        #expect(shadow.document.version == 2)
    }

    @Test func deleteKeepsTheVersion() throws {
        var shadow = reportedShadow()
        let result = shadow.delete(payload: payload(["clientToken": "d"]), timestamp: 9)
        #expect(result.publications.first?.channel == .deleteAccepted)
        #expect(result.publications.first?.payload == ["version": 1, "timestamp": 9, "clientToken": "d"])
        #expect(shadow.document.exists == false)
        #expect(shadow.delete(payload: Data(), timestamp: 10).rejection?["code"] == 404)
    }

    @Test("a shadow created again within 48 hours of its deletion continues its version, later it starts again",
          arguments: [(60, 2), (47 * 3600, 2), (48 * 3600, 2), (48 * 3600 + 1, 1), (30 * 86400, 1)])
    func versionAfterDelete(after seconds: Int, version: Int) throws {
        var shadow = reportedShadow()
        _ = shadow.delete(payload: Data(), timestamp: 1_000)
        #expect(shadow.document.deletedAt == 1_000)
        // The state folder keeps when it was deleted, so a restarted service decides the same.
        let saved = try JSONDecoder().decode(PersistedShadow.self, from: PersistedShadow(document: shadow.document).jsonValue.jsonData)
        #expect(saved.document == shadow.document)
        let again = shadow.update(payload: payload(ShadowRequest.update(reported: ["rssi": -60])), timestamp: 1_000 + seconds)
        #expect(again.publications.first?.payload["version"] == .int(version))
        #expect(shadow.document.version == version)
        #expect(shadow.document.deletedAt == nil)
    }

    /// Random reports into nested objects of three levels (big enough to be encoded section by
    /// section): leaves change, appear and go, objects empty out, and others write too.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func documentsStayExactAcrossRandomDeepReports(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
        let outer = ["current", "clock", "rF", "timer"], middle = ["color", "sound", "a", "b"], leaves = ["b", "g", "i", "id", "r", "url", "v", "w"]
        var shadow = DeviceShadow()
        for index in 0..<150 {
            var patch: JSONValue = .emptyObject
            for _ in 0..<(1 + pick(6)) {
                var path = [outer[pick(outer.count)]]
                if pick(4) > 0 { path.append(middle[pick(middle.count)]) }
                path.append(leaves[pick(leaves.count)])
                let value: JSONValue = switch pick(10) {
                case 0: .null
                case 1: .string("text \(pick(3))")
                case 2: .bool(pick(2) == 0)
                case 3: .array([.int(pick(9)), ["a": .int(pick(9))], .string("x")])
                default: .int(pick(70_000))
                }
                patch[path: path] = value
            }
            if pick(15) == 0 { patch["rssi"] = .int(-pick(90)) }
            let previous = shadow.document
            let desired: JSONValue? = pick(12) == 0 ? ["current": ["sound": ["v": .int(pick(100))]]] : nil
            let result = shadow.apply(desired: desired, reported: patch, timestamp: 1000 + index, token: nil)
            // The stored trees are what merging the report and its metadata field by field gives.
            func merged(_ node: JSONValue?, _ patch: JSONValue) -> JSONValue? {
                var value = node ?? .emptyObject
                value.merge(patch)
                return DeviceShadow.pruned(value)
            }
            #expect(shadow.document.reported == merged(previous.reported, patch), "seed \(seed), report \(index)")
            #expect(shadow.document.reportedMetadata == merged(previous.reportedMetadata, patch.metadata(timestamp: 1000 + index)),
                    "seed \(seed), report \(index)")
            let accepted = try #require(result.publications.first { $0.channel == .updateAccepted })
            #expect(accepted.encoded == DeviceShadow.acceptedReply(desired: desired, reported: patch, version: shadow.document.version,
                                                                   timestamp: 1000 + index, token: nil).jsonData, "seed \(seed), report \(index)")
            let documents = try #require(result.publications.first { $0.channel == .updateDocuments })
            #expect(documents.encoded == documents.payload.jsonData, "seed \(seed), report \(index)")
            #expect(documents.payload["previous"] == previous.documentsNode, "seed \(seed), report \(index)")
            #expect(documents.payload["current"] == shadow.document.documentsNode, "seed \(seed), report \(index)")
        }
    }

    @Test func documentsStayExactAcrossUpdatesThatAddChangeAndRemoveFields() throws {
        var shadow = DeviceShadow()
        let updates: [(desired: JSONValue?, reported: JSONValue?)] = [
            (nil, ["current": ["srId": 0, "playing": "none", "color": ["r": 1, "g": 2]], "rssi": -50, "deviceInfo": ["f": "1.0"]]),
            (nil, ["current": ["srId": 7, "color": ["r": 9]], "rssi": -52]),
            (["current": ["sound": ["v": 100]]], nil),
            (nil, ["current": ["color": ["g": .null]], "clock": ["i": 5]]),      // deletes a nested field, adds a section
            (nil, ["current": ["color": ["r": .null]]]),                       // empties an object: pruned away
            (.null, ["deviceInfo": .null, "rssi": -49]),                       // clears desired, removes a section
            (nil, ["current": ["sound": ["v": 100, "id": 3]], "timezone": "UTC"]),
        ]
        for (index, update) in updates.enumerated() {
            let previous = shadow.document
            let result = shadow.apply(desired: update.desired, reported: update.reported, timestamp: 1000 + index, token: index % 2 == 0 ? "t\(index)" : nil)
            let documents = try #require(result.publications.first { $0.channel == .updateDocuments })
            // Byte for byte what encoding the whole document gives (compact, sorted keys).
            #expect(documents.encoded == documents.payload.jsonData, "update \(index)")
            #expect(documents.payload["previous"] == previous.documentsNode, "update \(index)")
            #expect(documents.payload["current"] == shadow.document.documentsNode, "update \(index)")
            #expect(documents.payload["clientToken"] == (index % 2 == 0 ? .string("t\(index)") : nil))
        }
        #expect(shadow.document.reported?[path: ["current", "color"]] == nil)
        #expect(shadow.document.reported?["deviceInfo"] == nil)
        _ = shadow.delete(payload: Data(), timestamp: 2000)
        let afterDelete = shadow.apply(desired: nil, reported: ["rssi": -40], timestamp: 2001, token: nil)
        let documents = try #require(afterDelete.publications.first { $0.channel == .updateDocuments }?.payload)
        #expect(documents[path: ["current", "state", "reported"]] == ["rssi": -40])
        #expect(documents[path: ["previous", "state"]] == .emptyObject)
    }
}
