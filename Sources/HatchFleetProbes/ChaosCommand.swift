import Foundation
import HatchDeviceModel

/// One command the chaos client sends: a shadow update that writes one setting, or a routine
/// request, each with a `clientToken` of its own.
package struct ChaosCommand: Sendable {
    /// What the command changes.
    package enum Kind: String, Sendable, Codable {
        /// `state.desired` of one setting kept in flash (`snoozeDuration`, or `timezone` on a Rest Mini).
        case shadowUpdate
        /// `enable` of routine 1 (it bumps the routines' `dataVersion`).
        case routineEnable
    }

    /// Its place in the run.
    package let sequence: Int
    /// Its `clientToken`.
    package let token: String
    /// The device.
    package let thing: ThingName
    /// What it changes.
    package let kind: Kind
    /// Where it is published.
    package let topic: String
    /// The request.
    package let payload: Data
    /// For a shadow update: the reported field it sets and the value.
    package let setting: (field: String, value: JSONValue)?

    /// Time zones a Rest Mini (no alarms, so no `snoozeDuration`) cycles through.
    package static let timeZones = ["UTC", "Europe/Paris", "America/New_York", "Asia/Tokyo", "Australia/Sydney"]

    /// The command number `sequence` for `thing` (its `product` decides the setting).
    package static func make(sequence: Int, run: String, thing: ThingName, product: HardwareProduct) -> ChaosCommand {
        let token = "chaos-\(run)-\(sequence)"
        if sequence % 4 == 3 {
            let request = RecordRequest<Routine>(op: .enable, id: 1, enabled: true, clientToken: token)
            return ChaosCommand(sequence: sequence, token: token, thing: thing, kind: .routineEnable,
                                topic: Topics.routines(thing).request, payload: request.jsonValue.jsonData, setting: nil)
        }
        let setting: (String, JSONValue) = product.capabilities.alarms
            ? ("snoozeDuration", .int(60 + (sequence * 7) % 3000))
            : ("timezone", .string(timeZones[sequence % timeZones.count]))
        let request = ShadowRequest.update(desired: .object([setting.0: setting.1]), clientToken: token)
        return ChaosCommand(sequence: sequence, token: token, thing: thing, kind: .shadowUpdate,
                            topic: Topics.Shadow(thing).update, payload: request.jsonData, setting: setting)
    }
}

extension ChaosCommand {
    /// Command number `sequence` as a shadow action the app's action sender would send, with its own
    /// `clientToken` (`<run>-<sequence>`).
    package static func action(_ action: DeviceAction, sequence: Int, run: String, thing: ThingName, product: HardwareProduct) -> ChaosCommand {
        let token = "\(run)-\(sequence)"
        return ChaosCommand(sequence: sequence, token: token, thing: thing, kind: .shadowUpdate, topic: Topics.Shadow(thing).update,
                            payload: action.updateRequest(for: product, clientToken: token).jsonData, setting: nil)
    }
}
