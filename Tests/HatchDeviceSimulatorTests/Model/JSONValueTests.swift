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

@Suite("JSON parser")
struct JSONParserTests {
    @Test func parsesEscapesNumbersAndNesting() throws {
        let value = try JSONValue(json: #" { "s" : "a\"b\\c\/\n\u00e9\ud83d\ude00" , "n": [-0, 12, -3.5, 1e3, 2E-2], "o": {"x": {}} , "e": [] } "#)
        #expect(value == ["s": "a\"b\\c/\né😀", "n": [0, 12, -3.5, 1000.0, 0.02], "o": ["x": .emptyObject], "e": []])
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "01", "1.", "\"\u{01}\"", "tru", "{} x", "\"\\x\"", "-", "\"\\ud800\""])
    func rejectsMalformedInput(text: String) {
        #expect(throws: JSONValueError.self) { try JSONValue(json: text) }
    }

    @Test func roundTripsItsOwnOutput() throws {
        let value: JSONValue = ["a": [1, 2.5, "x\u{7}y", true, .null], "b": ["c": -7]]
        #expect(try JSONValue(data: value.jsonData) == value)
    }
}
