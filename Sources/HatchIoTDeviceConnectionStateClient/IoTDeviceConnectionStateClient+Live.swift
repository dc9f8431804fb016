import Foundation
import HatchDeviceModel
import HatchMQTT
import Synchronization

extension IoTDeviceConnectionStateClient.Factory {
    /// Live clients over one shared MQTT session. `presenceWait` bounds how long ``IoTDeviceConnectionStateClient/current``
    /// (and the start of ``IoTDeviceConnectionStateClient/states``) waits for the retained presence record
    /// before answering `unknown`.
    public static func live(session: MQTTSession, presenceWait: Duration = .seconds(2)) -> Self {
        Self { macAddress, product in
            IoTDeviceConnectionStateClient.live(session: session, thing: ThingName(product: product, macAddress: macAddress),
                                                presenceWait: presenceWait)
        }
    }
}

extension IoTDeviceConnectionStateClient {
    static func live(session: MQTTSession, thing: ThingName, presenceWait: Duration) -> Self {
        let topic = Topics.presence(thing)
        return Self(
            states: {
                AsyncStream { continuation in
                    let task = Task {
                        let tracker = SharedConnectionStateTracker()
                        await withTaskGroup(of: Void.self) { group in
                            group.addTask {
                                for await linkState in session.connectionStates {
                                    if let state = tracker.update({ $0.link(connected: linkState == .connected) }) {
                                        continuation.yield(state)
                                    }
                                }
                            }
                            group.addTask {
                                // The retained presence record normally arrives at once; without one, say `unknown`.
                                try? await Task.sleep(for: presenceWait)
                                if let state = tracker.markReady() { continuation.yield(state) }
                                // Stay in the group: the stream ends with the link or presence task, not this one.
                                while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
                            }
                            group.addTask {
                                guard let subscription = try? await session.subscribe(topic, qos: .atLeastOnce) else { return }
                                for await message in subscription where message.topic == topic {
                                    let linkUp = session.connectionState == .connected
                                    let update = tracker.update(presenceArrived: true) { tracker in
                                        tracker.link(connected: linkUp)
                                        tracker.presence(payload: message.payload, retained: message.retain, receivedAt: Date())
                                    }
                                    if let state = update { continuation.yield(state) }
                                }
                            }
                            await group.next()
                            group.cancelAll()
                        }
                        continuation.finish()
                    }
                    continuation.onTermination = { _ in task.cancel() }
                }
            },
            current: {
                guard session.connectionState == .connected,
                      let subscription = try? await session.subscribe(topic, qos: .atLeastOnce) else { return .unknown }
                let payload: (Data, Bool)? = await FirstValue.within(presenceWait) {
                    for await message in subscription where message.topic == topic {
                        return (message.payload, message.retain)
                    }
                    return nil
                }
                guard let (data, retained) = payload else { return .unknown }
                var tracker = ConnectionStateTracker()
                tracker.link(connected: true)
                tracker.presence(payload: data, retained: retained, receivedAt: Date())
                return tracker.state
            }
        )
    }
}

/// A ``ConnectionStateTracker`` shared by the link and presence tasks of one stream. It reports only
/// changes of the combined state, and holds back the first `unknown` while the link is up until the
/// presence record arrived or the wait for it ended, so a stream starts with the real current state.
final class SharedConnectionStateTracker: Sendable {
    private struct Storage {
        var tracker = ConnectionStateTracker()
        var lastEmitted: IoTDeviceConnectionState?
        var ready = false
    }

    private let storage = Mutex(Storage())

    /// Applies `change`; returns the combined state when it should be emitted.
    func update(presenceArrived: Bool = false, _ change: (inout ConnectionStateTracker) -> Void) -> IoTDeviceConnectionState? {
        storage.withLock { storage in
            change(&storage.tracker)
            if presenceArrived || !storage.tracker.linkUp { storage.ready = true }
            return Self.emit(&storage)
        }
    }

    /// Ends the wait for the presence record; returns the state when it should be emitted.
    func markReady() -> IoTDeviceConnectionState? {
        storage.withLock { storage in
            storage.ready = true
            return Self.emit(&storage)
        }
    }

    private static func emit(_ storage: inout Storage) -> IoTDeviceConnectionState? {
        guard storage.ready else { return nil }
        let state = storage.tracker.state
        guard storage.lastEmitted != state else { return nil }
        storage.lastEmitted = state
        return state
    }
}
