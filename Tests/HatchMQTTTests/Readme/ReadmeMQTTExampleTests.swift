// The README's MQTT example; the README shows the lines between the markers, and a test below holds
// the two the same.
// README begin
import HatchMQTT

/// What each device last said about its presence: topic → payload (`{"state":"online",…}`).
func presence(on brokerURL: String, devices: Int) async throws -> [String: String] {
    let session = MQTTSession(configuration: MQTTConfiguration(
        broker: try MQTTBrokerURL(brokerURL), clientID: "bedside-app"))
    try await session.connect()
    let messages = try await session.subscribe("hatch/things/+/presence", qos: .atLeastOnce)
    var presence: [String: String] = [:]
    for await message in messages {          // the broker keeps each device's last one
        presence[message.topic] = message.payloadString
        if presence.count == devices { break }
    }
    await session.disconnect()
    return presence
}
// README end

import Foundation
import HatchMosquittoBroker
import Testing

@Suite("The README's examples", .timeLimit(.minutes(1)))
struct ReadmeExampleTests {
    @Test("the MQTT example reads the presence two devices left on a real broker")
    func mqttExampleRuns() async throws {
        let broker = try await MosquittoBroker.start()
        let device = try await TestSession.make(broker)
        for thing in ["restoreV5_a4c138100001", "riot_a4c138100002"] {
            try await device.publish("hatch/things/\(thing)/presence", payload: Data(#"{"state":"online"}"#.utf8),
                                     qos: .atLeastOnce, retain: true)
        }
        let seen = try await presence(on: broker.url, devices: 2)
        #expect(seen == ["hatch/things/restoreV5_a4c138100001/presence": #"{"state":"online"}"#,
                         "hatch/things/riot_a4c138100002/presence": #"{"state":"online"}"#])
    }

    @Test("the README shows this example and the container's as they are in the tests")
    func readmeShowsThem() throws {
        let container = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../HatchModularDependencyContainerTests/Readme/ReadmeContainerExample.swift").standardizedFileURL
        try ReadmeSnippet.expectReadmeShows(testFile: #filePath, language: "swift")
        try ReadmeSnippet.expectReadmeShows(testFile: container.path, language: "swift")
    }
}
