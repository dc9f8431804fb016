import Foundation
import HatchDeviceModel
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing
@testable import HatchDashboard

/// The routes behind the device panel, the saved commands and the bulk tally.
@Suite("The dashboard's device panel and saved commands API")
struct DashboardApiTests {
    private let devices = (1...10).map { index in
        DashboardDevice(name: "Shelf \(index)", macAddress: MacAddress(value: 0xA4C1_3820_0000 + UInt64(index)), product: .restoreV5)
    }

    private func post(_ client: some TestClientProtocol, _ path: String, _ body: String) async throws -> (HTTPResponse.Status, Data) {
        try await client.execute(uri: path, method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: body)) { response in
            (response.status, Data(buffer: response.body))
        }
    }

    private func get(_ client: some TestClientProtocol, _ path: String) async throws -> (HTTPResponse.Status, Data) {
        try await client.execute(uri: path, method: .get) { response in (response.status, Data(buffer: response.body)) }
    }

    @Test("a shadow get answers the panel, and the timeline of a device follows its card")
    func shadowAndTimeline() async throws {
        let engine = DashboardEngine(devices: devices)
        let thing = devices[0].thingName.rawValue
        let requested = Mutex<[String]>([])
        let controls = DashboardControls(perform: { _, _ in .done("") }, requestShadow: { thing in
            requested.withLock { $0.append(thing) }
            engine.record(topic: "$aws/things/\(thing)/shadow/get/accepted",
                          payload: Data(#"{"state":{"desired":{"v":2},"reported":{"v":1}},"metadata":{},"version":7,"timestamp":1767600000}"#.utf8))
        })
        let server = DashboardServer(engine: engine, controls: controls, access: try DashboardAccess(host: "127.0.0.1", token: nil), port: 0)
        try await Application(router: server.makeRouter()).test(.router) { client in
            let (status, body) = try await get(client, "/api/shadow?thing=\(thing)")
            #expect(status == .ok)
            let panel = try JSONDecoder().decode(ShadowPanel.self, from: body)
            #expect(panel.version == 7)
            #expect(panel.delta == .object(JSONObject(["v": .int(2)])))
            #expect(requested.withLock { $0 } == [thing])
            #expect(try await get(client, "/api/shadow?thing=nobody").0 == .notFound)

            engine.update(devices[0].thingName) { $0.connection = .online(since: nil) }
            engine.flush()
            let (_, timelineBody) = try await get(client, "/api/timeline?thing=\(thing)")
            let timeline = try JSONDecoder().decode(DeviceTimelineReply.self, from: timelineBody)
            #expect(timeline.points.last?.online == true)
            let (_, fleetBody) = try await get(client, "/api/timeline")
            #expect(try JSONDecoder().decode([FleetTimelinePoint].self, from: fleetBody).last?.online == 1)
        }
    }

    @Test("a saved command applied to ten devices: ten applied, offline ones counted without a request")
    func savedAndBulk() async throws {
        let engine = DashboardEngine(devices: devices)
        engine.update(devices[9].thingName) { $0.connection = .offline(since: nil, reason: nil) }
        let sent = Mutex(0)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("hatch-api-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: home) }
        let controls = DashboardControls(perform: { action, _ in
            sent.withLock { $0 += 1 }
            return action == .light(red: 0, green: 0, blue: 255, brightness: 40) ? .done("blue") : .failed("wrong action")
        }, savedCommands: SavedCommandStore(home: home))
        let server = DashboardServer(engine: engine, controls: controls, access: try DashboardAccess(host: "127.0.0.1", token: nil), port: 0)
        try await Application(router: server.makeRouter()).test(.router) { client in
            let command = ##"{"action":"light","color":"#0000ff","brightness":40}"##
            let (saveStatus, saved) = try await post(client, "/api/commands", #"{"name":"Shelf blue","command":\#(command)}"#)
            #expect(saveStatus == .ok)
            #expect(try JSONDecoder().decode([SavedCommand].self, from: saved).map(\.name) == ["Shelf blue"])
            #expect(try await post(client, "/api/commands", #"{"name":"Fast","command":{"action":"clock","speed":60}}"#).0 == .conflict)

            let things = devices.map { "\"\($0.thingName.rawValue)\"" }.joined(separator: ",")
            let (status, body) = try await post(client, "/api/bulk", #"{"name":"Shelf blue","command":\#(command),"things":[\#(things)]}"#)
            #expect(status == .ok)
            let id = try JSONDecoder().decode(BulkTally.self, from: body).id
            var tally = try JSONDecoder().decode(BulkTally.self, from: try await get(client, "/api/bulk?id=\(id)").1)
            let deadline = ContinuousClock.now.advanced(by: .seconds(10))
            while !tally.finished, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
                tally = try JSONDecoder().decode(BulkTally.self, from: try await get(client, "/api/bulk?id=\(id)").1)
            }
            #expect(tally.finished)
            #expect((tally.applied, tally.offline, tally.total) == (9, 1, 10))
            #expect(sent.withLock { $0 } == 9)
            #expect(try await post(client, "/api/bulk", #"{"name":"x","command":\#(command),"things":["nobody"]}"#).0 == .badRequest)
        }
    }
}
