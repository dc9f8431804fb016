import Foundation
import HatchDeviceModel

/// A request on `hatch/fleet/control`: `{"status": true}` or a fault
/// (`{"fault": "reboot", "devices": ["Nursery"]}`, see `FaultInjection`), with an optional
/// `clientToken` echoed in the reply. Payloads are checked like shadow requests (413, 415, 400),
/// so a bad request gets `{"ok": false, "code", "message"}` and never reaches a device.
public enum FleetControlCommand: Sendable, Hashable {
    /// Report the fleet's status.
    case status
    /// Inject a fault.
    case fault(FaultInjection)

    /// Reads a control payload; the returned token is the request's `clientToken`.
    public static func decode(_ payload: Data) throws(ShadowRejection) -> (command: FleetControlCommand, clientToken: String?) {
        let fields = try RequestPayload.object(payload)
        let token = try RequestPayload.clientToken(in: fields)
        if let status = fields["status"] {
            guard status.boolValue == true else {
                throw ShadowRejection(code: 400, message: "'status' must be true", clientToken: token)
            }
            try RequestPayload.checkFields(fields, allowed: ["status", "clientToken"])
            return (.status, token)
        }
        var faultFields = fields
        faultFields["clientToken"] = nil
        do {
            return (.fault(try FaultInjection(jsonValue: .object(faultFields))), token)
        } catch {
            throw ShadowRejection(code: 400, message: error.description, clientToken: token)
        }
    }
}
