import Foundation
import HatchDeviceModel

/// A message the shadow service publishes in answer to a request or a device report.
public struct ShadowPublication: Sendable, Hashable {
    /// Which shadow reply topic.
    public enum Channel: Sendable, Hashable {
        /// `/get/accepted`.
        case getAccepted
        /// `/get/rejected`.
        case getRejected
        /// `/update/accepted`.
        case updateAccepted
        /// `/update/rejected`.
        case updateRejected
        /// `/update/delta`.
        case updateDelta
        /// `/update/documents`.
        case updateDocuments
        /// `/delete/accepted`.
        case deleteAccepted
        /// `/delete/rejected`.
        case deleteRejected

        /// The full topic of this channel for `thing`.
        public func topic(for shadow: Topics.Shadow) -> String {
            switch self {
            case .getAccepted: return shadow.getAccepted
            case .getRejected: return shadow.getRejected
            case .updateAccepted: return shadow.updateAccepted
            case .updateRejected: return shadow.updateRejected
            case .updateDelta: return shadow.updateDelta
            case .updateDocuments: return shadow.updateDocuments
            case .deleteAccepted: return shadow.deleteAccepted
            case .deleteRejected: return shadow.deleteRejected
            }
        }

        /// The kind of message it is, for the fleet's message counters.
        public var kind: MessageKind {
            switch self {
            case .getAccepted, .updateAccepted, .deleteAccepted: return .accepted
            case .getRejected, .updateRejected, .deleteRejected: return .rejected
            case .updateDelta: return .delta
            case .updateDocuments: return .documents
            }
        }
    }

    /// Where it goes.
    public var channel: Channel
    /// What it says, as sent on the wire (compact JSON, sorted keys).
    public var encoded: Data

    /// Creates a publication of a JSON value.
    public init(_ channel: Channel, _ payload: JSONValue) {
        self.channel = channel
        encoded = payload.jsonData
    }

    /// Creates a publication from payload bytes already encoded (documents assembled from cached parts).
    public init(_ channel: Channel, encoded: Data) {
        self.channel = channel
        self.encoded = encoded
    }

    /// What it says, parsed back (for tests and inspection; `null` if the bytes are not JSON).
    public var payload: JSONValue { (try? JSONValue(data: encoded)) ?? .null }
}
