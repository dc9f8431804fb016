import Foundation
import HatchDeviceModel
import HatchMQTT

extension IoTActionSenderClient {
    /// The live client over one shared MQTT session. Each request carries a fresh `clientToken`;
    /// the call returns when the reply with that token is accepted, and throws the rejection's
    /// `{code, message}` or a timeout after `timeout`.
    public static func live(session: MQTTSession, timeout: Duration = .seconds(5)) -> Self {
        Self(
            send: { action, macAddress, product in
                if let problem = ActionCapabilityCheck.problem(with: action, on: product) {
                    throw IoTActionSenderError.unsupported(product: product, reason: problem)
                }
                return try await sendShadowUpdate(session: session, timeout: timeout, macAddress: macAddress, product: product) { token in
                    action.updateRequest(for: product, clientToken: token)
                }
            },
            nextStep: { routineID, currentStep, macAddress, product in
                try await sendShadowUpdate(session: session, timeout: timeout, macAddress: macAddress, product: product) { token in
                    ShadowRequest.update(desired: NextStepPatch.desired(routineID: routineID, currentStep: currentStep), clientToken: token)
                }
            },
            editRoutines: { request, macAddress, product in
                try await sendRecordRequest(request, session: session, timeout: timeout, macAddress: macAddress, product: product)
            },
            editAlarms: { request, macAddress, product in
                try await sendRecordRequest(request, session: session, timeout: timeout, macAddress: macAddress, product: product)
            },
            updateDesired: { desired, macAddress, product in
                try await sendShadowUpdate(session: session, timeout: timeout, macAddress: macAddress, product: product) { token in
                    ShadowRequest.update(desired: desired, clientToken: token)
                }
            }
        )
    }

    private static func sendShadowUpdate(
        session: MQTTSession, timeout: Duration, macAddress: MacAddress, product: HardwareProduct,
        request: (String) -> JSONValue
    ) async throws -> IoTActionReceipt {
        let thing = ThingName(product: product, macAddress: macAddress)
        let shadow = Topics.Shadow(thing)
        let token = "action-" + UUID().uuidString
        let route = RequestReplyExchange.Route(request: shadow.update, replyFilter: shadow.update + "/+",
                                               accepted: shadow.updateAccepted, rejected: shadow.updateRejected)
        let reply = try await RequestReplyExchange(session: session, thingName: thing, timeout: timeout)
            .exchange(route, payload: request(token), clientToken: token)
        return IoTActionReceipt(clientToken: token, version: reply.objectValue?["version"]?.intValue ?? 0)
    }

    private static func sendRecordRequest<Item: DeviceRecord>(
        _ request: RecordRequest<Item>, session: MQTTSession, timeout: Duration, macAddress: MacAddress, product: HardwareProduct
    ) async throws -> IoTRecordReceipt {
        let thing = ThingName(product: product, macAddress: macAddress)
        let topics = Topics.Records(thing, kind: Item.kind)
        let token = "\(Item.singularKey)-" + UUID().uuidString
        var request = request
        request.clientToken = token
        let route = RequestReplyExchange.Route(request: topics.request, replyFilter: topics.request + "/+",
                                               accepted: topics.accepted, rejected: topics.rejected)
        let reply = try await RequestReplyExchange(session: session, thingName: thing, timeout: timeout)
            .exchange(route, payload: request.jsonValue, clientToken: token)
        let fields = reply.objectValue ?? [:]
        return IoTRecordReceipt(clientToken: token, dataVersion: fields["dataVersion"]?.intValue ?? 0,
                                id: fields["id"]?.intValue ?? request.id ?? request.item.flatMap { $0.id == 0 ? nil : $0.id })
    }
}
