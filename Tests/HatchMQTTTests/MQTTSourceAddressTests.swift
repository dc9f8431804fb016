import Foundation
import HatchMQTT
import HatchMosquittoBroker
import Testing

@Suite("MQTT source addresses", .timeLimit(.minutes(1)))
struct MQTTSourceAddressTests {
    @Test("a session with a bind address connects from it (so many sessions can spread over 127.0.0.0/8)")
    func bindAddress() async throws {
        let broker = try await MosquittoBroker.start()
        let session = try await TestSession.make(broker, id: "from-127-0-0-2", configure: { $0.bindAddress = "127.0.0.2" })
        #expect(session.connectionState == .connected)
        let messages = try await session.subscribe("source/test", qos: .atMostOnce)
        try await session.publish("source/test", payload: Data("hi".utf8))
        var iterator = messages.makeAsyncIterator()
        #expect(await iterator.next()?.payloadString == "hi")
        let deadline = ContinuousClock.now + .seconds(5)
        while !broker.log.contains("from 127.0.0.2:"), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(broker.log.contains("from 127.0.0.2:"))
        await session.disconnect()
    }

    @Test("too few open files and no free local port name what to do")
    func resourceErrors() {
        #expect(MQTTError.tooManyOpenFiles(limit: 1024).description.contains("ulimit -n"))
        let noPort = MQTTError.noLocalPort(bindAddress: "127.0.0.2", host: "127.0.0.1", port: 1883).description
        #expect(noPort.contains("127.0.0.2") && noPort.contains("bindAddress"))
        #expect(noPort.contains("or 127.0.0.2 is not an address of this machine"))
        #expect(!MQTTError.noLocalPort(bindAddress: nil, host: "127.0.0.1", port: 1883).description.contains("not an address of this machine"))
    }
}
