import Foundation
import HatchDeviceModel
import Testing

@Suite("Routine and alarm records")
struct RecordCollectionTests {
    private func alarm(_ id: Int = 0) throws -> Alarm {
        Alarm(id: id, name: "Wake", daysOfWeek: .weekdays, wakeTime: try TimeOfDay(parsing: "06:30"))
    }

    @Test func createAssignsIdsAndBumpsDataVersion() throws {
        var alarms = RecordCollection<Alarm>()
        let id = try alarms.apply(RecordRequest(op: .create, item: try alarm()))
        #expect(id == 1)
        #expect(alarms.dataVersion == 2)
        #expect(alarms[id: 1]?.snoozeDuration == nil)
    }

    @Test func staleDataVersionIsAConflict() throws {
        var alarms = RecordCollection<Alarm>(dataVersion: 5)
        #expect(throws: ShadowRejection(code: 409, message: "Version conflict: dataVersion is 5, the request expected 4", clientToken: "c")) {
            try alarms.apply(RecordRequest(op: .create, item: try alarm(), clientToken: "c", dataVersion: 4))
        }
    }

    @Test func unknownIdsAre404AndInvalidRecords400() throws {
        var alarms = RecordCollection<Alarm>(items: [try alarm(1)])
        #expect(throws: ShadowRejection.self) { try alarms.apply(RecordRequest(op: .delete, id: 9)) }
        var bad = try alarm(1)
        bad.daysOfWeek = DaysOfWeek(rawValue: 300)
        do {
            try alarms.apply(RecordRequest(op: .edit, item: bad))
            Issue.record("expected a rejection")
        } catch {
            #expect(error.code == 400)
            #expect(error.message.contains("daysOfWeek"))
        }
    }

    @Test func enableAndDelete() throws {
        var alarms = RecordCollection<Alarm>(items: [try alarm(1)])
        try alarms.apply(RecordRequest(op: .enable, id: 1, enabled: false))
        #expect(alarms[id: 1]?.enabled == false)
        try alarms.apply(RecordRequest(op: .delete, id: 1))
        #expect(alarms.items.isEmpty)
        #expect(alarms.dataVersion == 3)
    }

    @Test func requestsRoundTripThroughJSON() throws {
        let request = RecordRequest<Routine>(op: .create, item: Routine(id: 0, name: "Bedtime", type: .sleep,
                                                                       steps: [RoutineStep(duration: 60)]), clientToken: "x")
        let json = request.jsonValue
        #expect(json["routine"]?["name"] == "Bedtime")
        #expect(try RecordRequest<Routine>(jsonValue: json) == request)
        #expect(throws: ShadowRejection.self) { try RecordRequest<Routine>(jsonValue: ["op": "explode"]) }
    }

    @Test func collectionEncodesWithKindKey() throws {
        let routines = RecordCollection<Routine>(dataVersion: 3, items: [Routine(id: 2, name: "Fav", type: .favorite, steps: [RoutineStep()])])
        let json = try JSONValue(encoding: routines)
        #expect(json["dataVersion"] == 3)
        #expect(json["routines"]?.arrayValue?.count == 1)
        #expect(try json.decode(RecordCollection<Routine>.self) == routines)
    }
}
