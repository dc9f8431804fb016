import Foundation
import HatchDeviceModel

/// Something worth logging: an injected fault, a device going offline or online, an error.
public struct FleetEvent: Sendable, Hashable, CustomStringConvertible {
    /// Real time of the event.
    public var time: Date = Date()
    /// The device, when it concerns one.
    public var thing: ThingName?
    /// What happened.
    public var message: String

    /// Creates something worth logging.
    public init(time: Date = Date(), thing: ThingName?, message: String) {
        self.time = time
        self.thing = thing
        self.message = message
    }

    /// `thing: message`.
    public var description: String { thing.map { "\($0.rawValue): \(message)" } ?? message }

    /// The JSON form published on `hatch/fleet/events`.
    public var jsonValue: JSONValue {
        var fields: JSONObject = ["time": .double(time.timeIntervalSince1970), "message": .string(message)]
        if let thing { fields["thingName"] = .string(thing.rawValue) }
        return .object(fields)
    }
}
