import Foundation
import HatchDeviceModel

/// What a device's firmware writes to its shadow: the changed part of `state.reported`, and the
/// `desired` patch that clears the fields it applied (`.null` clears all of `desired`).
public struct FirmwareReport: Sendable, Hashable {
    /// The `state.desired` patch, if any.
    public var desired: JSONValue?
    /// The `state.reported` patch, if any.
    public var reported: JSONValue?

    /// Creates what a device's firmware writes to its shadow.
    public init(desired: JSONValue?, reported: JSONValue?) {
        self.desired = desired
        self.reported = reported
    }

    /// The `shadow/update` payload a device publishes: `{"state": {"desired": …, "reported": …}}`,
    /// without `clientToken` or `version`, as real firmware sends it.
    public var updatePayload: Data {
        var state: JSONObject = [:]
        if let desired { state["desired"] = desired }
        if let reported { state["reported"] = reported }
        return JSONValue.object(["state": .object(state)]).jsonData
    }
}
