import Foundation
import HatchDeviceModel
import Testing
@testable import HatchDeviceSimulator

/// Bugs the bad-input corpus and the fuzz targets found, each kept as the input that showed it.
@Suite("Bad input regressions")
struct BadInputRegressionTests {
    static let stored = ShadowDocument(reported: ["nightlightOn": false], reportedMetadata: ["nightlightOn": ["timestamp": 1]], version: 3)

    @Test("a delete with a garbage payload is rejected and deletes nothing")
    func garbageDeleteDeletesNothing() {
        for payload in [Data("{oops".utf8), Data([0xFF, 0x00, 0x12]), Data(#"{"force":true}"#.utf8), Data("[]".utf8)] {
            var shadow = DeviceShadow(document: Self.stored)
            let result = shadow.delete(payload: payload, timestamp: 5)
            #expect(result.publications.map(\.channel) == [.deleteRejected])
            #expect(shadow.document == Self.stored)
        }
    }

    @Test("a number too large for a Double is invalid JSON, never stored as infinity nor published as null")
    func hugeNumberIsInvalidJSON() {
        #expect(throws: JSONValueError.self) { try JSONValue(json: #"{"v":1e400}"#) }
        #expect(throws: JSONValueError.self) { try JSONValue(json: "-1e999") }
        var shadow = DeviceShadow(document: Self.stored)
        let result = shadow.update(payload: Data(#"{"state":{"desired":{"note":1e400}}}"#.utf8), timestamp: 5)
        #expect(result.rejection == ["code": 400, "message": "Payload contains invalid json", "timestamp": 5])
        #expect(shadow.document == Self.stored)
    }

    @Test("invalid UTF-8 is 415 and nesting deeper than 6 levels is 400, as AWS answers")
    func encodingAndNesting() {
        var shadow = DeviceShadow(document: Self.stored)
        let latin1 = shadow.update(payload: Data([0x7B, 0x22, 0xE9, 0x22, 0x3A, 0x31, 0x7D]), timestamp: 5)
        #expect(latin1.rejection?["code"] == 415)
        let deep = shadow.update(payload: Data(#"{"state":{"desired":{"a":{"b":{"c":{"d":{"e":{"f":{"g":1}}}}}}}},"clientToken":"n"}"#.utf8), timestamp: 5)
        #expect(deep.rejection?["code"] == 400)
        #expect(deep.rejection?["clientToken"] == "n")
        #expect(deep.rejection?["message"]?.stringValue?.contains("maximum is 6") == true)
        let six = shadow.update(payload: Data(#"{"state":{"desired":{"a":{"b":{"c":{"d":{"e":{"f":1}}}}}}}}"#.utf8), timestamp: 5)
        #expect(six.rejection == nil)
    }

    @Test("a record id near Int.max is refused: the next id cannot overflow")
    func recordIDOverflow() throws {
        var routines = RecordCollection(items: [Routine(id: 1, name: "A", steps: [RoutineStep(duration: 1)])])
        let huge = try RecordRequest<Routine>(payload: Data(#"{"op":"create","routine":{"id":9223372036854775807,"name":"B","steps":[{"duration":1}]}}"#.utf8))
        do {
            try routines.apply(huge)
            Issue.record("an id of Int.max was accepted")
        } catch {
            #expect(error.code == 400)
            #expect(error.message.contains("id must be 1…2147483647"))
        }
        let next = RecordRequest<Routine>(op: .create, item: Routine(id: 0, name: "C", steps: [RoutineStep(duration: 1)]))
        let id = try routines.apply(next)
        #expect(id == 2)
    }

    @Test("a negative cohort seed and a fault after 10^12 s are fleet-file errors, not traps")
    func fleetFileTraps() {
        let seed = "cohorts:\n  - { count: 2, macPrefix: \"02:4C:00\", seed: -1 }\n"
        #expect(throws: FleetFileError.self) { try FleetFileParser.parse(seed, file: "seed.yaml") }
        let after = "devices:\n  - { mac: \"A4:C1:38:10:00:01\", product: restoreV5 }\nfaults:\n  - { fault: reboot, all: true, after: 1e12 }\n"
        #expect(throws: FleetFileError.self) { try FleetFileParser.parse(after, file: "after.yaml") }
    }

    @Test("fleet control: malformed requests get ok false with a code; unknown fields and types are named")
    func fleetControlDecoding() throws {
        let status = try FleetControlCommand.decode(Data(#"{"status":true,"clientToken":"s"}"#.utf8))
        #expect(status.command == .status)
        #expect(status.clientToken == "s")
        let fault = try FleetControlCommand.decode(Data(#"{"fault":"offline","seconds":3,"devices":["Nursery"]}"#.utf8))
        #expect(fault.command == .fault(FaultInjection(kind: .offline(seconds: 3), target: .devices(["Nursery"]))))
        let clock = try FleetControlCommand.read(Data(#"{"clock":{"time":1767594600,"speed":600,"at":1767000000.5},"instance":"shard-2of3"}"#.utf8))
        #expect(clock.command == .clock(.init(time: Date(timeIntervalSince1970: 1_767_594_600), speed: 600,
                                              at: Date(timeIntervalSince1970: 1_767_000_000.5))))
        #expect(clock.instance == "shard-2of3")
        for (payload, text) in [(#"{"fault":"reboot","all":true,"seconds":5}"#, "'seconds' unknown field"),
                                (#"{"fault":"reboot","devices":[1]}"#, "'devices[0]'"), (#"{"status":1}"#, "'status' must be true"),
                                (#"{"clock":{"time":1,"speed":-1,"at":1}}"#, "'clock' must be"), (#"{"clock":{"time":1,"speed":1,"at":1,"x":2}}"#, "'x'"),
                                (#"{"status":true,"instance":""}"#, "'instance' must be")] {
            let error = try #require(throws: ShadowRejection.self) { try FleetControlCommand.decode(Data(payload.utf8)) }
            #expect(error.code == 400)
            #expect(error.message.contains(text), "\(error.message)")
        }
    }
}
