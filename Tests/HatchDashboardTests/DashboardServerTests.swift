import Foundation
import HatchDeviceModel
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing
@testable import HatchDashboard

@Suite("The dashboard's routes")
struct DashboardServerTests {
    let device = DashboardDevice(name: "Nursery", macAddress: MacAddress(value: 0xA4C1_3810_0001), product: .restoreV5)
    let token = "0123456789abcdef0123"

    /// The actions a test's controls were asked to perform.
    final class ActionLog: Sendable {
        let actions = Mutex<[DashboardDeviceAction]>([])
    }

    private func server(token: String?, performed: ActionLog? = nil) throws -> DashboardServer {
        let engine = DashboardEngine(devices: [device])
        let controls = DashboardControls(perform: { action, device in
            performed?.actions.withLock { $0.append(action) }
            return .done("\(device.name): \(action.name) done")
        })
        return DashboardServer(engine: engine, controls: controls, access: try DashboardAccess(host: token == nil ? "127.0.0.1" : "0.0.0.0", token: token), port: 0)
    }

    @Test("Without the token every route answers 401; with it the page, the cards and the stream answer")
    func token() async throws {
        let application = Application(router: try server(token: token).makeRouter())
        try await application.test(.router) { client in
            for path in ["/", "/app.js", "/app.css", "/api/cards", "/events"] {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .unauthorized, "\(path)")
                }
            }
            try await client.execute(uri: "/?token=\(token)", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("data-role=\"light\""))
                #expect(response.headers[.setCookie]?.hasPrefix("\(DashboardAccess.cookieName)=\(token)") == true)
            }
            try await client.execute(uri: "/api/cards", method: .get, headers: [.authorization: "Bearer \(token)"]) { response in
                let cards = try JSONDecoder().decode([DeviceCard].self, from: Data(buffer: response.body))
                #expect(cards.map(\.thing) == [device.thingName.rawValue])
            }
            try await client.execute(uri: "/app.js", method: .get, headers: [.cookie: "\(DashboardAccess.cookieName)=\(token)"]) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test("A control goes to the composer's perform for a known device; bad requests get 400 and a reason")
    func control() async throws {
        let performed = ActionLog()
        let application = Application(router: try server(token: nil, performed: performed).makeRouter())
        try await application.test(.router) { client in
            let thing = device.thingName.rawValue
            let body = ##"{"thing": "\##(thing)", "action": "light", "color": "#FF0000", "brightness": 40}"##
            try await client.execute(uri: "/api/control", method: .post, body: ByteBuffer(string: body)) { response in
                let reply = try JSONDecoder().decode(DashboardReply.self, from: Data(buffer: response.body))
                #expect(reply == .done("Nursery: light done"))
            }
            #expect(performed.actions.withLock { $0 } == [.light(red: 255, green: 0, blue: 0, brightness: 40)])

            try await client.execute(uri: "/api/control", method: .post, body: ByteBuffer(string: ##"{"thing": "\##(thing)", "action": "light", "color": "red"}"##)) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("#RRGGBB"))
            }
            try await client.execute(uri: "/api/control", method: .post, body: ByteBuffer(string: #"{"thing": "nobody", "action": "lightOff"}"#)) { response in
                let reply = try JSONDecoder().decode(DashboardReply.self, from: Data(buffer: response.body))
                #expect(!reply.ok)
            }
            try await client.execute(uri: "/api/control", method: .post, body: ByteBuffer(string: #"{"action": "clock", "speed": 60}"#)) { response in
                let reply = try JSONDecoder().decode(DashboardReply.self, from: Data(buffer: response.body))
                #expect(!reply.ok && reply.message.contains("not a simulated fleet"))
            }
        }
    }

    @Test("Requests are checked field by field")
    func requests() throws {
        func command(_ json: String) throws -> DashboardCommand {
            try JSONDecoder().decode(DashboardRequest.self, from: Data(json.utf8)).command()
        }
        #expect(try command(#"{"thing": "t", "action": "volume", "volume": 30}"#) == .device(thing: "t", action: .volume(30)))
        #expect(try command(#"{"action": "clock", "speed": 0}"#) == .clock(.pause))
        #expect(try command(#"{"action": "clock", "time": "2026-01-05T06:20:00Z"}"#) == .clock(.set(Date(timeIntervalSince1970: 1_767_594_000))))
        #expect(try command(#"{"thing": "t", "action": "fault", "fault": "offline", "seconds": 5}"#)
            == .fault(thing: "t", kind: "offline", seconds: 5, count: nil))
        #expect(throws: DashboardRequestError.self) { try command(#"{"thing": "t", "action": "volume", "volume": 130}"#) }
        #expect(throws: DashboardRequestError.self) { try command(##"{"action": "light", "color": "#FF0000"}"##) }
        #expect(throws: DashboardRequestError.self) { try command(#"{"thing": "t", "action": "dance"}"#) }
        #expect(DashboardDeviceAction.light(red: 255, green: 0, blue: 0, brightness: 50).shadowAction
            == .setColor(r: 65535, g: 0, b: 0, w: 0, intensity: 32767))
    }
}
