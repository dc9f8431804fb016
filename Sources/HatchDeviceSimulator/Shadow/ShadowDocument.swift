import HatchDeviceModel
import HatchMemberwiseInit

/// The stored classic shadow of one device: desired and reported state, their metadata
/// (per-field update timestamps) and the version. Persisted with the device's settings, so the
/// version keeps counting across fleet restarts as it does in the cloud.
@MemberwiseInit(.public)
public struct ShadowDocument: Sendable, Hashable, Codable {
    /// `state.desired`, absent when empty.
    public var desired: JSONValue? = nil
    /// `state.reported`, absent when empty.
    public var reported: JSONValue? = nil
    /// `metadata.desired`.
    public var desiredMetadata: JSONValue? = nil
    /// `metadata.reported`.
    public var reportedMetadata: JSONValue? = nil
    /// Incremented on every accepted update; 0 before the first.
    public var version: Int = 0
    /// When the document was deleted (epoch seconds of the shadow's clock), until it is created again:
    /// within ``DeviceShadow/versionKeptAfterDelete`` the new document continues the version, later it
    /// starts again, as AWS IoT does.
    public var deletedAt: Int? = nil

    /// Whether a document exists (AWS answers 404 to `get` before the first update).
    public var exists: Bool { desired != nil || reported != nil }

    /// `state.delta`: desired fields that differ from reported.
    public var delta: JSONValue? {
        guard let desired else { return nil }
        return JSONValue.delta(desired: desired, reported: reported)
    }

    /// `{"desired": …, "reported": …, "delta": …}` as in `/get/accepted` (delta only when asked).
    func stateNode(includingDelta: Bool) -> JSONValue {
        var state: JSONObject = [:]
        if let desired { state["desired"] = desired }
        if let reported { state["reported"] = reported }
        if includingDelta, let delta { state["delta"] = delta }
        return .object(state)
    }

    /// `{"desired": …, "reported": …}` metadata node.
    var metadataNode: JSONValue {
        var metadata: JSONObject = [:]
        if let desiredMetadata { metadata["desired"] = desiredMetadata }
        if let reportedMetadata { metadata["reported"] = reportedMetadata }
        return .object(metadata)
    }

    /// The form used in `/update/documents` (`previous` and `current`).
    var documentsNode: JSONValue {
        ["state": stateNode(includingDelta: false), "metadata": metadataNode, "version": .int(version)]
    }
}
