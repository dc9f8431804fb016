import Foundation
import HatchDeviceModel
import Testing

@Suite("JSONObject")
struct JSONObjectTests {
    @Test func keepsFieldsInKeyOrderWhateverOrderTheyCameIn() {
        let object: JSONObject = ["zeta": 1, "Alpha": 2, "beta": 3, "alpha": 4]
        // Code-point order, as the sorted JSON the shadow writes: upper case before lower case.
        #expect(object.keys == ["Alpha", "alpha", "beta", "zeta"])
        #expect(JSONValue.object(object).jsonString == #"{"Alpha":2,"alpha":4,"beta":3,"zeta":1}"#)
    }

    @Test func laterDuplicatesWinInLiteralsAndParsing() throws {
        let literal: JSONObject = ["a": 1, "b": 2, "a": 3]
        #expect(literal["a"] == 3)
        #expect(literal.count == 2)
        let parsed = try JSONValue(json: #"{"b":1,"a":2,"b":3}"#)
        #expect(parsed == ["a": 2, "b": 3])
    }

    @Test func subscriptInsertsReplacesAndRemovesInPlace() {
        var object: JSONObject = ["m": 1]
        object["a"] = 0
        object["z"] = 2
        object["m"] = 10
        #expect(object.keys == ["a", "m", "z"])
        object["m"] = nil
        object["absent"] = nil
        #expect(object == ["a": 0, "z": 2])
        #expect(object.removeValue(forKey: "a") == 0)
        #expect(object.removeValue(forKey: "a") == nil)
        // A nested value changes through the subscript without going through a copy.
        var nested: JSONObject = ["outer": ["inner": 1]]
        nested["outer"]![path: ["inner"]] = 2
        #expect(nested == ["outer": ["inner": 2]])
    }

    @Test func appendInOrderPutsAnOutOfOrderKeyInItsPlace() {
        var object = JSONObject(minimumCapacity: 3)
        object.appendInOrder("b", 2)
        object.appendInOrder("c", 3)
        object.appendInOrder("a", 1)   // out of order: inserted, not appended
        object.appendInOrder("c", 30)  // present: replaced
        #expect(object.keys == ["a", "b", "c"])
        #expect(object["c"] == 30)
        #expect(object.index(forKey: "b") == 1)
        #expect(object.index(forKey: "d") == nil)
    }

    @Test func equalityAndHashIgnoreTheOrderFieldsWereGivenIn() {
        let one = JSONObject(["a": 1, "b": ["c": true]] as [String: JSONValue])
        let two: JSONObject = ["b": ["c": true], "a": 1]
        #expect(one == two)
        #expect(one.hashValue == two.hashValue)
        #expect(one != ["a": 1])
        #expect(Set([JSONValue.object(one), .object(two)]).count == 1)
    }

    @Test func codableRoundTripsAsAJSONObject() throws {
        let object: JSONObject = ["b": [1, 2], "a": ["x": .null, "y": "z"]]
        let data = try JSONEncoder().encode(object)
        #expect(try JSONDecoder().decode(JSONObject.self, from: data) == object)
        #expect(try JSONValue(data: data) == .object(object))
        #expect(object.dictionary == ["a": ["x": .null, "y": "z"], "b": [1, 2]])
    }

    @Test func mapValuesFilterAndMergingKeepKeysInOrder() {
        let object: JSONObject = ["c": 3, "a": 1, "b": 2]
        #expect(object.mapValues { .int(($0.intValue ?? 0) * 10) } == ["a": 10, "b": 20, "c": 30])
        #expect(object.filter { $0.key != "b" }.keys == ["a", "c"])
        #expect(object.merging(["b": 20, "d": 4]) { $1 } == ["a": 1, "b": 20, "c": 3, "d": 4])
    }
}
