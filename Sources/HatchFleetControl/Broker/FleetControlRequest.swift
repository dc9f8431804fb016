import Foundation
import HatchDeviceModel
import HatchMQTT

/// One request/reply exchange with a running fleet over `hatch/fleet/control` (faults, status).
package enum FleetControlRequest {
    /// Sends `request` (a `clientToken` is added) and returns the fleet's reply, or throws a
    /// `FleetControlError` that says whether the broker or the fleet did not answer.
    package static func send(_ request: JSONObject, broker: BrokerConnection, timeout: Double) async throws -> JSONValue {
        let token = UUID().uuidString
        let session = MQTTSession(configuration: try broker.configuration(clientID: "hatchctl-fleet-\(token.prefix(8))"))
        try await broker.connect(session)
        defer { Task { await session.disconnect() } }
        var payload = request
        payload["clientToken"] = .string(token)
        let reply = try await withThrowingTaskGroup(of: JSONValue?.self) { group in
            let replies = try await session.subscribe(Topics.fleetControlReply, qos: .atLeastOnce)
            group.addTask {
                for await message in replies {
                    if let value = try? JSONValue(data: message.payload), value["clientToken"]?.stringValue == token { return value }
                }
                return nil
            }
            group.addTask {
                try await Task.sleep(for: .milliseconds(Int(timeout * 1000)))
                return nil
            }
            try await session.publish(Topics.fleetControl, payload: JSONValue.object(payload).jsonData, qos: .atLeastOnce)
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let reply else {
            throw FleetControlError.timeout(device: "the fleet (no process answered on \(Topics.fleetControl); is `hatchctl fleet run` running?)", seconds: timeout)
        }
        if reply["ok"]?.boolValue == false {
            // 404: a named device is not in the fleet.
            if reply["code"]?.intValue == 404, let names = request["devices"]?.arrayValue?.compactMap(\.stringValue) {
                throw FleetControlError.unknownDevice(query: names.joined(separator: ", "), known: [])
            }
            throw FleetControlError.invalidArgument(reply["message"]?.stringValue ?? "the fleet rejected the request")
        }
        return reply
    }
}
