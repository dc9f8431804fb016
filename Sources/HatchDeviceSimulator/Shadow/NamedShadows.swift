import Foundation
import HatchDeviceModel

/// The named shadows of one thing (`$aws/things/{thing}/shadow/name/{shadowName}/…`) as the fleet
/// keeps them beside a device's classic shadow: each its own ``DeviceShadow`` with its own document,
/// version and client tokens, answered exactly like the classic one. Apps keep their own state there,
/// so any fields are accepted (only shape, size and depth are checked); the device firmware never
/// reads them. `hatchctl shadow-service` keeps them itself (``ShadowService``).
public struct NamedShadows: Sendable, Hashable {
    /// The shadows that have a document or a version, by name.
    public private(set) var shadows: [ShadowName: DeviceShadow] = [:]

    /// No named shadows.
    public init() {}

    /// The named shadows saved in a device's state file; entries whose name is not a valid shadow name are skipped.
    public init(restoring saved: [String: PersistedShadow]?) {
        for (text, shadow) in saved ?? [:] {
            guard let name = ShadowName(validating: text) else { continue }
            shadows[name] = DeviceShadow(document: shadow.document, recentUpdates: shadow.recentUpdates)
        }
    }

    /// Answers one request of `operation` on the shadow `name`; a shadow deleted keeps its version
    /// (the next update continues it), as AWS IoT does.
    public mutating func handle(_ operation: ShadowRequestDecoder.Operation, name: ShadowName, payload: Data, timestamp: Int,
                                realNow: Date = Date()) -> ShadowResult {
        var shadow = shadows[name] ?? DeviceShadow()
        let result = shadow.handle(operation, payload: payload, timestamp: timestamp, name: name, schema: .anyObject, realNow: realNow)
        if shadow.document.exists || shadow.document.version > 0 { shadows[name] = shadow }
        return result
    }

    /// What the state file keeps: every shadow with its recent client tokens; `nil` when there is none.
    public var persisted: [String: PersistedShadow]? {
        guard !shadows.isEmpty else { return nil }
        return Dictionary(uniqueKeysWithValues: shadows.map { ($0.key.rawValue, PersistedShadow(document: $0.value.document, recentUpdates: $0.value.recentUpdates)) })
    }
}
