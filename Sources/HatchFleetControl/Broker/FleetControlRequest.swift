import Foundation
import HatchDeviceModel
import HatchMQTT
import Synchronization

/// One request/reply exchange with a running fleet over `hatch/fleet/control` (faults, status).
package enum FleetControlRequest {
    /// Sends `request` (a `clientToken` is added) and returns the fleet's reply, or throws a
    /// `FleetControlError` that says whether the broker or the fleet did not answer. A fleet in shard
    /// processes answers once per shard: the replies that come within a moment of the first are merged,
    /// so the devices hit are those of every shard, and a name is unknown only when no shard has it.
    package static func send(_ request: JSONObject, broker: BrokerConnection, timeout: Double,
                              otherShards: Duration = .milliseconds(300)) async throws -> JSONValue {
        let token = UUID().uuidString
        let session = MQTTSession(configuration: try broker.configuration(clientID: "hatchctl-fleet-\(token.prefix(8))"))
        try await broker.connect(session)
        defer { Task { await session.disconnect() } }
        var payload = request
        payload["clientToken"] = .string(token)
        let replies = try await session.subscribe(Topics.fleetControlReply, qos: .atLeastOnce)
        let collected = Mutex<[JSONValue]>([])
        let collector = Task {
            for await message in replies {
                if let value = try? JSONValue(data: message.payload), value["clientToken"]?.stringValue == token {
                    collected.withLock { $0.append(value) }
                }
            }
        }
        defer { collector.cancel() }
        try await session.publish(Topics.fleetControl, payload: JSONValue.object(payload).jsonData, qos: .atLeastOnce)
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while collected.withLock({ $0.isEmpty }), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        if !collected.withLock({ $0.isEmpty }) { try await Task.sleep(for: otherShards) }
        guard let reply = merged(collected.withLock { $0 }) else {
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

    /// One reply from the replies of one or more fleet processes: the only one; else the successful
    /// ones as one — their statuses added up, the devices each hit, a name `elsewhere` only when no
    /// shard held it — or the first refusal when none succeeded.
    package static func merged(_ replies: [JSONValue]) -> JSONValue? {
        guard replies.count > 1 else { return replies.first }
        let succeeded = replies.filter { $0["ok"]?.boolValue == true }
        guard var reply = succeeded.first?.objectValue else { return replies.first }
        reply["instance"] = nil
        reply["instances"] = .int(succeeded.count)
        if case .object(var status)? = reply["status"] {
            for key in ["devices", "online", "messagesIn", "messagesOut", "faults", "publishFailures"] {
                status[key] = .int(succeeded.reduce(0) { $0 + ($1["status"]?[key]?.intValue ?? 0) })
            }
            status["messagesPerSecond"] = .double(succeeded.reduce(0) { $0 + ($1["status"]?["messagesPerSecond"]?.doubleValue ?? 0) })
            reply["status"] = .object(status)
        }
        guard reply["devices"] != nil else { return .object(reply) }
        reply["devices"] = .array(succeeded.flatMap { $0["devices"]?.arrayValue ?? [] })
        let elsewhere = Set(succeeded.flatMap { $0["elsewhere"]?.arrayValue?.compactMap(\.stringValue) ?? [] })
        let unaccounted = elsewhere.filter { name in
            !succeeded.contains { reply in reply["elsewhere"]?.arrayValue?.contains(.string(name)) != true }
        }
        reply["elsewhere"] = unaccounted.isEmpty ? nil : .array(unaccounted.sorted().map { .string($0) })
        return .object(reply)
    }
}
