import Foundation
import HatchDeviceModel
import HatchMQTT

/// One request/reply round over MQTT, matched by `clientToken`: subscribe to the reply topics first,
/// publish the request, then wait for the accepted or rejected reply that echoes the token.
struct RequestReplyExchange: Sendable {
    let session: MQTTSession
    let thingName: ThingName
    let timeout: Duration

    /// Topics of one exchange.
    struct Route: Sendable {
        /// Where the request goes.
        var request: String
        /// A filter covering both reply topics.
        var replyFilter: String
        /// The accepted reply topic.
        var accepted: String
        /// The rejected reply topic.
        var rejected: String
    }

    /// Sends `payload` (which must carry `clientToken`) and returns the accepted reply's JSON.
    func exchange(_ route: Route, payload: JSONValue, clientToken: String) async throws -> JSONValue {
        let subscription: MQTTSubscription
        do {
            subscription = try await session.subscribe(route.replyFilter, qos: .atLeastOnce)
            try await session.publish(route.request, payload: payload.jsonData, qos: .atLeastOnce)
        } catch {
            throw IoTActionSenderError.transport(String(describing: error))
        }
        let thingName = thingName, timeout = timeout
        return try await withThrowingTaskGroup(of: JSONValue.self) { group in
            group.addTask {
                for await message in subscription where message.topic == route.accepted || message.topic == route.rejected {
                    guard let reply = try? JSONValue(data: message.payload),
                          reply.objectValue?["clientToken"]?.stringValue == clientToken else { continue }
                    if message.topic == route.rejected {
                        let rejection = (try? reply.decode(ShadowRejection.self))
                            ?? ShadowRejection(code: 500, message: reply.jsonString, clientToken: clientToken)
                        throw IoTActionSenderError.rejected(rejection)
                    }
                    return reply
                }
                throw IoTActionSenderError.transport("the subscription ended before the reply arrived")
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw IoTActionSenderError.timeout(thingName: thingName, after: timeout)
            }
            defer { group.cancelAll() }
            guard let reply = try await group.next() else { throw CancellationError() }
            return reply
        }
    }
}
