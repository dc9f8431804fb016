import Foundation
import HatchBrokerConfiguration
import Testing

/// The dynamic-security plugin's `client-ids.json`: each device login bound to its own client id.
@Suite("Client-id binding")
struct ClientIDBindingTests {
    private static let line = "restoreV5_a4c138000001:$7$101$c2FsdA==$aGFzaA=="

    @Test("one client per device, its client id its username, the hash split into salt, hash and iterations; no rules of its own")
    func render() throws {
        let data = try BrokerClientIDBinding(devices: [
            .init(username: "riot_a4c138000002", hashedLine: "riot_a4c138000002:$7$1000$U2FsdA==$SGFzaA=="),
            .init(username: "restoreV5_a4c138000001", hashedLine: Self.line),
        ]).render()
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let clients = try #require(document["clients"] as? [[String: Any]])
        #expect(clients.map { $0["username"] as? String } == ["restoreV5_a4c138000001", "riot_a4c138000002"], "sorted by username")
        #expect(clients.allSatisfy { $0["clientid"] as? String == $0["username"] as? String })
        #expect(clients[0]["salt"] as? String == "c2FsdA==")
        #expect(clients[0]["password"] as? String == "aGFzaA==")
        #expect(clients[0]["iterations"] as? Int == 101)
        #expect((document["roles"] as? [Any])?.isEmpty == true)
        let access = try #require(document["defaultACLAccess"] as? [String: Bool])
        #expect(access == ["publishClientSend": false, "publishClientReceive": false, "subscribe": false, "unsubscribe": true])
        #expect(String(decoding: data, as: UTF8.self).hasSuffix("}\n"))
    }

    @Test("bad input: a hash that is not mosquitto 2's, or a line of another user, is refused", arguments: [
        "restoreV5_a4c138000001:$6$salt$hash",
        "restoreV5_a4c138000001:plain",
        "restoreV5_a4c138000001:$7$many$c2FsdA==$aGFzaA==",
        "riot_a4c138000002:$7$101$c2FsdA==$aGFzaA==",
    ])
    func badHash(line: String) {
        let error = #expect(throws: BrokerConfigurationError.self) {
            try BrokerClientIDBinding(devices: [.init(username: "restoreV5_a4c138000001", hashedLine: line)]).render()
        }
        #expect(error?.description.contains("`$7$`") == true, "\(String(describing: error))")
    }

    @Test("reads each device's line from a password file, and says which user has none")
    func fromPasswordFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("passwords-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("hatch-controller:$7$101$a$b\n\(Self.line)\n".utf8).write(to: url)
        let devices = try BrokerClientIDBinding.devices(["restoreV5_a4c138000001"], inPasswordFile: url)
        #expect(devices == [.init(username: "restoreV5_a4c138000001", hashedLine: Self.line)])
        let error = #expect(throws: BrokerConfigurationError.self) {
            try BrokerClientIDBinding.devices(["restMini_a4c138000003"], inPasswordFile: url)
        }
        #expect(error?.description.contains("no line for 'restMini_a4c138000003'") == true, "\(String(describing: error))")
    }
}
