import Foundation
import HatchDeviceModel

/// A request on `hatch/fleet/control`: `{"status": true}`, a fault
/// (`{"fault": "reboot", "devices": ["Nursery"]}`, see `FaultInjection`) or a clock setting
/// (`{"clock": {"time": 1767594600, "speed": 600, "at": 1767000000.25}}`: the simulated clock read
/// `time` at the real time `at` and runs at `speed`), with an optional `clientToken` echoed in the reply
/// and an optional `instance`: a fleet process of another instance name (another shard) leaves the
/// request unanswered. Payloads are checked like shadow requests (413, 415, 400), so a bad request gets
/// `{"ok": false, "code", "message"}` and never reaches a device.
public enum FleetControlCommand: Sendable, Hashable {
    /// Report the fleet's status.
    case status
    /// Inject a fault.
    case fault(FaultInjection)
    /// Set the simulated clock.
    case clock(ClockSetting)

    /// A whole clock state, so that every process given it reads the same simulated time whenever
    /// the request reaches it.
    public struct ClockSetting: Sendable, Hashable {
        /// The simulated time at ``at``.
        public var time: Date
        /// Simulated seconds per real second (0 pauses).
        public var speed: Double
        /// The real time the setting holds from.
        public var at: Date

        /// Creates a clock setting.
        public init(time: Date, speed: Double, at: Date) {
            self.time = time
            self.speed = speed
            self.at = at
        }

        /// The request's JSON form.
        public var jsonValue: JSONValue {
            ["time": .double(time.timeIntervalSince1970), "speed": .double(speed), "at": .double(at.timeIntervalSince1970)]
        }
    }

    /// A control payload read: the command, the request's `clientToken` and the instance it is for.
    public struct Request: Sendable, Hashable {
        /// What to do.
        public var command: FleetControlCommand
        /// Echoed in the reply.
        public var clientToken: String?
        /// The fleet process it is for (`FleetConfiguration.instanceName`), `nil` for every one.
        public var instance: String?
    }

    /// Reads a control payload; the returned token is the request's `clientToken`.
    public static func decode(_ payload: Data) throws(ShadowRejection) -> (command: FleetControlCommand, clientToken: String?) {
        let request = try read(payload)
        return (request.command, request.clientToken)
    }

    /// Reads a control payload with its addressing.
    public static func read(_ payload: Data) throws(ShadowRejection) -> Request {
        var fields = try RequestPayload.object(payload)
        let token = try RequestPayload.clientToken(in: fields)
        var instance: String?
        if let value = fields["instance"] {
            guard let name = value.stringValue, !name.isEmpty else {
                throw ShadowRejection(code: 400, message: "'instance' must be a fleet's instance name, e.g. \"shard-1of2\"", clientToken: token)
            }
            instance = name
            fields["instance"] = nil
        }
        if let status = fields["status"] {
            guard status.boolValue == true else {
                throw ShadowRejection(code: 400, message: "'status' must be true", clientToken: token)
            }
            try RequestPayload.checkFields(fields, allowed: ["status", "clientToken"])
            return Request(command: .status, clientToken: token, instance: instance)
        }
        if let clock = fields["clock"] {
            try RequestPayload.checkFields(fields, allowed: ["clock", "clientToken"])
            return Request(command: .clock(try clockSetting(clock, token: token)), clientToken: token, instance: instance)
        }
        var faultFields = fields
        faultFields["clientToken"] = nil
        do {
            return Request(command: .fault(try FaultInjection(jsonValue: .object(faultFields))), clientToken: token, instance: instance)
        } catch {
            throw ShadowRejection(code: 400, message: error.description, clientToken: token)
        }
    }

    private static func clockSetting(_ value: JSONValue, token: String?) throws(ShadowRejection) -> ClockSetting {
        let wanted = "'clock' must be {\"time\": epoch seconds, \"speed\": 0 or more, \"at\": real epoch seconds}"
        guard case .object(let clock) = value else { throw ShadowRejection(code: 400, message: wanted, clientToken: token) }
        try RequestPayload.checkFields(clock, allowed: ["time", "speed", "at"], node: "clock")
        guard let time = clock["time"]?.doubleValue, time.isFinite, let speed = clock["speed"]?.doubleValue, speed.isFinite, speed >= 0,
              let at = clock["at"]?.doubleValue, at.isFinite, at > 0
        else { throw ShadowRejection(code: 400, message: wanted, clientToken: token) }
        return ClockSetting(time: Date(timeIntervalSince1970: time), speed: speed, at: Date(timeIntervalSince1970: at))
    }
}
