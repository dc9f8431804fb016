import Foundation
import HatchDeviceModel
import HatchMQTT

extension IoTDeviceStateEmitterClient {
    /// The live client over one shared MQTT session (the process's only one, as the design asks).
    ///
    /// - `states` subscribes to the device's shadow replies, asks for the current document with a
    ///   `get`, and asks again after every reconnect of the session so no change is missed.
    /// - `currentState` answers within `timeout` or throws ``IoTDeviceStateEmitterError/timeout(thingName:after:)``.
    /// - `routines` and `alarms` read the retained record documents.
    public static func live(session: MQTTSession, timeout: Duration = .seconds(5)) -> Self {
        Self(
            states: { macAddress, product in
                stream { continuation in
                    try await streamStates(session: session, macAddress: macAddress, product: product, into: continuation)
                }
            },
            currentState: { macAddress, product in
                try await fetchState(session: session, macAddress: macAddress, product: product, timeout: timeout)
            },
            routines: { macAddress, product in
                stream { continuation in
                    let thing = ThingName(product: product, macAddress: macAddress)
                    try await streamRecords(session: session, topic: Topics.routines(thing).document,
                                            filter: RecordVersionFilter<Routine>(), into: continuation)
                }
            },
            alarms: { macAddress, product in
                stream { continuation in
                    let thing = ThingName(product: product, macAddress: macAddress)
                    try await streamRecords(session: session, topic: Topics.alarms(thing).document,
                                            filter: RecordVersionFilter<Alarm>(), into: continuation)
                }
            }
        )
    }

    /// An `AsyncStream` fed by `body` in a task that is cancelled when the consumer stops.
    private static func stream<Element: Sendable>(
        _ body: @escaping @Sendable (AsyncStream<Element>.Continuation) async throws -> Void
    ) -> AsyncStream<Element> {
        AsyncStream { continuation in
            let task = Task {
                try? await body(continuation)
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private static func streamStates(
        session: MQTTSession, macAddress: MacAddress, product: HardwareProduct,
        into continuation: AsyncStream<IoTDeviceState>.Continuation
    ) async throws {
        let shadow = Topics.Shadow(ThingName(product: product, macAddress: macAddress))
        let subscription = try await session.subscribe(Topics.shadowPrefix(shadow.thing) + "/+/+", qos: .atLeastOnce)
        let requestGet: @Sendable () async -> Void = {
            let request = ShadowRequest.get(clientToken: "emitter-" + UUID().uuidString)
            try? await session.publish(shadow.get, payload: request.jsonData, qos: .atLeastOnce)
        }
        await requestGet()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                // Ask again after every reconnect: changes made while the link was down are not replayed.
                var sawDisconnect = false
                for await linkState in session.connectionStates {
                    switch linkState {
                    case .connected where sawDisconnect:
                        sawDisconnect = false
                        await requestGet()
                    case .disconnected: sawDisconnect = true
                    default: break
                    }
                }
            }
            group.addTask {
                var assembler = ShadowStateAssembler(macAddress: macAddress, product: product)
                for await message in subscription {
                    guard let reply = ShadowStateAssembler.Reply(topic: message.topic, shadow: shadow) else { continue }
                    if let state = assembler.receive(reply, payload: message.payload) {
                        continuation.yield(state)
                    }
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    private static func fetchState(
        session: MQTTSession, macAddress: MacAddress, product: HardwareProduct, timeout: Duration
    ) async throws -> IoTDeviceState {
        let shadow = Topics.Shadow(ThingName(product: product, macAddress: macAddress))
        let token = "get-" + UUID().uuidString
        let replies = ClientTokenReplies<ShadowReply>()
        replies.expect(token)
        let subscription: MQTTSubscription
        do {
            subscription = try await session.subscribe(shadow.get + "/+", qos: .atLeastOnce)
        } catch {
            throw IoTDeviceStateEmitterError.transport(String(describing: error))
        }
        let listener = Task {
            for await message in subscription {
                guard let reply = ShadowReply(topic: message.topic, payload: message.payload), let token = reply.clientToken else { continue }
                replies.resolve(token, with: reply)
            }
        }
        defer { listener.cancel() }
        do {
            try await session.publish(shadow.get, payload: ShadowRequest.get(clientToken: token).jsonData, qos: .atLeastOnce)
        } catch {
            throw IoTDeviceStateEmitterError.transport(String(describing: error))
        }
        guard let reply = await replies.wait(for: token, timeout: timeout) else {
            try Task.checkCancellation()
            throw IoTDeviceStateEmitterError.timeout(thingName: shadow.thing, after: timeout)
        }
        guard reply.accepted else {
            let rejection = (try? reply.body.decode(ShadowRejection.self)) ?? ShadowRejection(code: 500, message: reply.body.jsonString)
            throw IoTDeviceStateEmitterError.rejected(rejection)
        }
        var assembler = ShadowStateAssembler(macAddress: macAddress, product: product)
        guard let state = assembler.receive(.getAccepted, payload: reply.body.jsonData) else {
            throw IoTDeviceStateEmitterError.malformedDocument(thingName: shadow.thing, reason: "state.reported is missing or incomplete")
        }
        return state
    }

    private static func streamRecords<Item: DeviceRecord>(
        session: MQTTSession, topic: String, filter: RecordVersionFilter<Item>,
        into continuation: AsyncStream<RecordCollection<Item>>.Continuation
    ) async throws {
        var filter = filter
        let subscription = try await session.subscribe(topic, qos: .atLeastOnce)
        for await message in subscription where message.topic == topic {
            if let collection = filter.receive(message.payload) { continuation.yield(collection) }
        }
    }
}
