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
        let replies = ClientTokenReplies<ShadowReply>()
        replies.expect(clientToken)
        let subscription: MQTTSubscription
        do {
            subscription = try await session.subscribe(route.replyFilter, qos: .atLeastOnce)
        } catch {
            throw IoTActionSenderError.transport(String(describing: error))
        }
        let listener = Task {
            for await message in subscription where message.topic == route.accepted || message.topic == route.rejected {
                guard let reply = ShadowReply(topic: message.topic, payload: message.payload), let token = reply.clientToken else { continue }
                replies.resolve(token, with: reply)
            }
        }
        defer { listener.cancel() }
        do {
            try await session.publish(route.request, payload: payload.jsonData, qos: .atLeastOnce)
        } catch {
            throw IoTActionSenderError.transport(String(describing: error))
        }
        guard let reply = await replies.wait(for: clientToken, timeout: timeout) else {
            try Task.checkCancellation()
            throw IoTActionSenderError.timeout(thingName: thingName, after: timeout)
        }
        guard reply.accepted else {
            let rejection = (try? reply.body.decode(ShadowRejection.self))
                ?? ShadowRejection(code: 500, message: reply.body.jsonString, clientToken: clientToken)
            throw IoTActionSenderError.rejected(rejection)
        }
        return reply.body
    }
}
