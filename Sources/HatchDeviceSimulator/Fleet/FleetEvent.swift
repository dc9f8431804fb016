import Foundation
import HatchDeviceModel
import HatchMemberwiseInit

/// Something worth logging: an injected fault, a device going offline or online, an error.
@MemberwiseInit(.public)
public struct FleetEvent: Sendable, Hashable, CustomStringConvertible {
    /// Real time of the event.
    public var time: Date = Date()
    /// The device, when it concerns one.
    public var thing: ThingName?
    /// What happened.
    public var message: String

    /// `thing: message`.
    public var description: String { thing.map { "\($0.rawValue): \(message)" } ?? message }

    /// The JSON form published on `hatch/fleet/events`.
    public var jsonValue: JSONValue {
        var fields: JSONObject = ["time": .double(time.timeIntervalSince1970), "message": .string(message)]
        if let thing { fields["thingName"] = .string(thing.rawValue) }
        return .object(fields)
    }
}
