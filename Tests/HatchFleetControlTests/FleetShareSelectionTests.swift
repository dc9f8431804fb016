import HatchFleetControl
import Testing

/// Which share of a fleet file a process runs: `--shard I/N`, a StatefulSet pod's ordinal, or the environment.
@Suite("Fleet share selection")
struct FleetShareSelectionTests {
    private func resolve(shard: String? = nil, fromHostname: Bool = false, count: Int? = nil, environment: [String: String] = [:],
                         hostname: String = "laptop") throws -> String? {
        try FleetShareSelection(shard: shard, fromHostname: fromHostname, count: count).resolved(environment: environment) { hostname }
            .map { "\($0.index)/\($0.count)" }
    }

    @Test("no option and no variable: the whole fleet")
    func wholeFleet() throws {
        #expect(try resolve() == nil)
        #expect(FleetShareSelection.instanceName(nil) == "fleet")
    }

    @Test("--shard I/N names the share")
    func explicitShare() throws {
        #expect(try resolve(shard: "2/4") == "2/4")
        #expect(FleetShareSelection.instanceName((index: 2, count: 4)) == "shard-2of4")
        #expect(throws: FleetControlError.self) { try resolve(shard: "5/4") }
        #expect(throws: FleetControlError.self) { try resolve(shard: "1/4", count: 4) }
    }

    @Test("a pod's ordinal picks share ordinal + 1; $HOSTNAME wins over the system's name")
    func hostnameOrdinal() throws {
        #expect(try resolve(fromHostname: true, count: 4, hostname: "hatch-fleet-3.hatch.svc") == "4/4")
        #expect(try resolve(fromHostname: true, environment: ["HOSTNAME": "hatch-fleet-0", "HATCH_FLEET_SHARDS": "2"]) == "1/2")
        let beyond = #expect(throws: FleetControlError.self) { try resolve(fromHostname: true, count: 3, hostname: "hatch-fleet-3") }
        #expect(beyond?.description.contains("ordinal 3 is not below 3 shares") == true)
        #expect(throws: FleetControlError.self) { try resolve(fromHostname: true, count: 3, hostname: "laptop") }
        #expect(throws: FleetControlError.self) { try resolve(fromHostname: true, hostname: "hatch-fleet-1") }
    }

    @Test("HATCH_FLEET_SHARD_ORDINAL is 0-based and needs a count")
    func ordinalVariable() throws {
        #expect(try resolve(count: 3, environment: ["HATCH_FLEET_SHARD_ORDINAL": "2"]) == "3/3")
        #expect(throws: FleetControlError.self) { try resolve(count: 3, environment: ["HATCH_FLEET_SHARD_ORDINAL": "-1"]) }
        #expect(throws: FleetControlError.self) { try resolve(count: 3) }
    }

    @Test("the ordinal ends a host name after its last dash")
    func ordinals() {
        #expect(FleetShareSelection.ordinal(ofHostname: "hatch-fleet-12") == 12)
        #expect(FleetShareSelection.ordinal(ofHostname: "hatch-fleet-2.example") == 2)
        #expect(FleetShareSelection.ordinal(ofHostname: "hatch-fleet") == nil)
        #expect(FleetShareSelection.ordinal(ofHostname: "-3") == nil)
    }
}
