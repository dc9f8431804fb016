import HatchDeviceModel
import HatchFleetControl
import Testing

/// Replies from a fleet in shard processes read as one: statuses add up, each shard's devices count,
/// and a name is unknown only when no shard held it.
@Suite("fleet control replies")
struct FleetControlMergeTests {
    @Test("one reply is the reply; none is nothing")
    func single() {
        let reply: JSONValue = ["ok": true, "devices": ["a"]]
        #expect(FleetControlRequest.merged([reply]) == reply)
        #expect(FleetControlRequest.merged([]) == nil)
    }

    @Test("statuses add up over the shards")
    func statuses() throws {
        let first: JSONValue = ["ok": true, "instance": "shard-1of2", "status": ["devices": 3, "online": 2, "messagesIn": 10, "messagesOut": 5,
                                                                             "messagesPerSecond": 1.5, "faults": 0, "publishFailures": 0]]
        let second: JSONValue = ["ok": true, "instance": "shard-2of2", "status": ["devices": 2, "online": 2, "messagesIn": 1, "messagesOut": 1,
                                                                              "messagesPerSecond": 0.5, "faults": 1, "publishFailures": 0]]
        let merged = try #require(FleetControlRequest.merged([first, second]))
        #expect(merged["status"]?["devices"]?.intValue == 5 && merged["status"]?["online"]?.intValue == 4)
        #expect(merged["status"]?["messagesIn"]?.intValue == 11 && merged["status"]?["messagesPerSecond"]?.doubleValue == 2)
        #expect(merged["instances"]?.intValue == 2 && merged["instance"] == nil)
    }

    @Test("a fault: the devices of every shard; a name one shard lacked but another held is not missing")
    func faults() throws {
        let first: JSONValue = ["ok": true, "fault": "reboot", "devices": ["riot_1"], "elsewhere": ["Nursery", "Ghost"]]
        let second: JSONValue = ["ok": true, "fault": "reboot", "devices": ["restoreV5_2"], "elsewhere": ["Bedroom", "Ghost"]]
        let refused: JSONValue = ["ok": false, "code": 404, "message": "no device named …"]
        let merged = try #require(FleetControlRequest.merged([first, refused, second]))
        #expect(merged["devices"]?.arrayValue == ["riot_1", "restoreV5_2"])
        #expect(merged["elsewhere"]?.arrayValue == ["Ghost"])
        #expect(FleetControlRequest.merged([refused, refused]) == refused, "no shard held any: the refusal")
    }
}
