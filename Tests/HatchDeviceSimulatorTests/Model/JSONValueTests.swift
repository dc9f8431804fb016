import Foundation
import HatchDeviceModel
import Testing

@Suite("JSONValue")
struct JSONValueTests {
    @Test func mergeFollowsShadowSemantics() throws {
        var document: JSONValue = ["a": 1, "b": ["c": 2, "d": 3], "list": [1, 2, 3]]
        document.merge(["b": ["c": 20, "d": .null, "e": ["x": .null, "y": 1]], "list": [9], "a": .null, "new": "x"])
        #expect(document == ["b": ["c": 20, "e": ["y": 1]], "list": [9], "new": "x"])
    }

    @Test func deltaContainsOnlyDifferingDesiredFields() {
        let desired: JSONValue = ["current": ["srId": 3, "playing": "routine"], "nightlightOn": true]
        let reported: JSONValue = ["current": ["srId": 3, "playing": "none", "step": 0], "nightlightOn": true]
        #expect(JSONValue.delta(desired: desired, reported: reported) == ["current": ["playing": "routine"]])
        #expect(JSONValue.delta(desired: ["nightlightOn": true], reported: reported) == nil)
    }

    @Test func changesReportsNewChangedAndRemovedFields() {
        let old: JSONValue = ["rssi": -50, "current": ["step": 1, "srId": 2], "gone": 1]
        let new: JSONValue = ["rssi": -52, "current": ["step": 1, "srId": 2], "added": true]
        #expect(new.changes(from: old) == ["rssi": -52, "gone": .null, "added": true])
        #expect(new.changes(from: new) == nil)
    }

    @Test func encodingIsCompactSortedAndKeepsIntegers() throws {
        let value: JSONValue = ["b": 65535, "a": ["x": 1.5, "s": "q\"\n"], "n": .null]
        #expect(value.jsonString == #"{"a":{"s":"q\"\n","x":1.5},"b":65535,"n":null}"#)
        #expect(try JSONValue(data: value.jsonData) == value)
    }

    @Test func parsingKeepsBooleansApartFromNumbers() throws {
        let value = try JSONValue(json: #"{"t":true,"one":1,"half":0.5,"arr":[false,null]}"#)
        #expect(value == ["t": true, "one": 1, "half": 0.5, "arr": [false, .null]])
    }

    @Test func malformedJSONIsATypedError() {
        #expect(throws: JSONValueError.self) { try JSONValue(json: "{nope") }
    }

    @Test func metadataMirrorsLeavesWithTimestamps() {
        let value: JSONValue = ["current": ["srId": 1], "on": true]
        #expect(value.metadata(timestamp: 7) == ["current": ["srId": ["timestamp": 7]], "on": ["timestamp": 7]])
    }

    @Test func pathSubscriptReadsAndWrites() {
        var value: JSONValue = .emptyObject
        value[path: ["current", "sound", "v"]] = 100
        #expect(value == ["current": ["sound": ["v": 100]]])
        #expect(value[path: ["current", "sound", "v"]]?.intValue == 100)
    }
}
