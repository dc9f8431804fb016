import Foundation
import HatchDeviceModel
@testable import HatchIoTDeviceStateEmitterClient
import Testing

@Suite("ShadowStateAssembler: order and de-duplication")
struct ShadowStateAssemblerTests {
    let reported = IoTDeviceState.mock().reported.jsonValue

    func payload(_ value: JSONValue) -> Data { value.jsonData }

    func getAccepted(version: Int, reported: JSONValue, timestamp: Int = 100) -> Data {
        payload(["state": ["reported": reported], "version": .int(version), "timestamp": .int(timestamp)])
    }

    func accepted(version: Int, reported patch: JSONValue? = nil, desired: JSONValue? = nil) -> Data {
        var state: JSONObject = [:]
        if let patch { state["reported"] = patch }
        if let desired { state["desired"] = desired }
        return payload(["state": .object(state), "version": .int(version), "timestamp": .int(100 + version)])
    }

    func documents(version: Int, reported: JSONValue) -> Data {
        payload(["previous": ["state": ["reported": reported], "version": .int(version - 1)],
                 "current": ["state": ["reported": reported], "version": .int(version)], "timestamp": .int(100 + version)])
    }

    @Test("the get reply is the first state; later patches merge in version order")
    func getThenPatches() throws {
        var assembler = ShadowStateAssembler(macAddress: MacAddress(value: 1), product: .restoreV5)
        let firstState = assembler.receive(.getAccepted, payload: getAccepted(version: 5, reported: reported))
        let first = try #require(firstState)
        #expect(first.version == 5)
        let secondState = assembler.receive(.updateAccepted, payload: accepted(version: 6, reported: ["rssi": -70]))
        let second = try #require(secondState)
        #expect(second.reported.rssi == -70)
        #expect(second.version == 6)
        #expect(second.timestamp == 106)
    }

    @Test("older and equal versions are dropped")
    func olderVersionsDropped() {
        var assembler = ShadowStateAssembler(macAddress: MacAddress(value: 1), product: .restoreV5)
        #expect(assembler.receive(.getAccepted, payload: getAccepted(version: 5, reported: reported)) != nil)
        #expect(assembler.receive(.updateAccepted, payload: accepted(version: 4, reported: ["rssi": -90])) == nil)
        #expect(assembler.receive(.updateAccepted, payload: accepted(version: 5, reported: ["rssi": -90])) == nil)
        #expect(assembler.receive(.getAccepted, payload: getAccepted(version: 3, reported: reported)) == nil)
        #expect(assembler.receive(.updateAccepted, payload: accepted(version: 6, reported: ["rssi": -90]))?.reported.rssi == -90)
    }

    @Test("a report that changes nothing, a desired-only update and a duplicate document emit nothing")
    func duplicatesDropped() {
        var assembler = ShadowStateAssembler(macAddress: MacAddress(value: 1), product: .restoreV5)
        #expect(assembler.receive(.getAccepted, payload: getAccepted(version: 1, reported: reported)) != nil)
        #expect(assembler.receive(.updateAccepted, payload: accepted(version: 2, desired: ["nightlightOn": true])) == nil)
        #expect(assembler.receive(.updateAccepted, payload: accepted(version: 3, reported: ["rssi": -52])) == nil)
        #expect(assembler.receive(.updateDocuments, payload: documents(version: 4, reported: reported)) == nil)
        #expect(assembler.receive(.updateDocuments, payload: documents(version: 4, reported: reported.merging(["rssi": -40]))) == nil)
        #expect(assembler.receive(.updateDocuments, payload: documents(version: 5, reported: reported.merging(["rssi": -40])))?.version == 5)
    }

    @Test("patches before a baseline wait for a whole document; documents can be the baseline")
    func baseline() {
        var assembler = ShadowStateAssembler(macAddress: MacAddress(value: 1), product: .restoreV5)
        #expect(assembler.receive(.updateAccepted, payload: accepted(version: 7, reported: ["rssi": -60])) == nil)
        #expect(assembler.receive(.updateDocuments, payload: documents(version: 8, reported: reported))?.version == 8)
    }

    @Test("malformed payloads are ignored, never fatal")
    func malformed() {
        var assembler = ShadowStateAssembler(macAddress: MacAddress(value: 1), product: .restoreV5)
        #expect(assembler.receive(.getAccepted, payload: Data("not json".utf8)) == nil)
        #expect(assembler.receive(.getAccepted, payload: getAccepted(version: 1, reported: ["current": "nonsense"])) == nil)
        #expect(assembler.receive(.getAccepted, payload: getAccepted(version: 2, reported: reported)) != nil)
    }
}
