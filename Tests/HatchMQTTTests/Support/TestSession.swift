import Foundation
import HatchMQTT
import HatchMosquittoBroker

/// Helpers that open sessions against a private broker.
enum TestSession {
    /// A session to `broker` with a unique client id; connected unless `connect` is false. On the
    /// shared event loop unless given another.
    static func make(
        _ broker: MosquittoBroker,
        id: String = "test-\(UUID().uuidString.prefix(8))",
        tls: Bool = false,
        eventLoop: MQTTEventLoop = .shared,
        configure: (inout MQTTConfiguration) -> Void = { _ in },
        connect: Bool = true
    ) async throws -> MQTTSession {
        var configuration = MQTTConfiguration(broker: try MQTTBrokerURL(tls ? broker.tlsURL ?? broker.url : broker.url), clientID: id)
        configure(&configuration)
        let session = MQTTSession(configuration: configuration, eventLoop: eventLoop)
        if connect { try await session.connect() }
        return session
    }
}

extension MQTTSubscription {
    /// The next `count` messages.
    func next(_ count: Int) async -> [MQTTMessage] {
        var received: [MQTTMessage] = []
        guard count > 0 else { return received }
        for await message in self {
            received.append(message)
            if received.count == count { break }
        }
        return received
    }
}

extension MQTTSession {
    /// Waits until the session reports `state`.
    func wait(for state: MQTTConnectionState) async {
        for await current in connectionStates where current == state { return }
    }

    /// Waits until the session reports any `.disconnected` state.
    func waitUntilDisconnected() async {
        for await current in connectionStates {
            if case .disconnected = current { return }
        }
    }
}

extension String {
    var data: Data { Data(utf8) }
}
