import Foundation
import HatchDeviceModel

/// Turns the shadow replies of one device into a sequence of typed states: in version order, older
/// versions dropped, and nothing emitted when the reported document did not change.
///
/// Pure value logic, so the ordering and de-duplication rules are tested without a broker.
struct ShadowStateAssembler: Sendable {
    /// The kinds of shadow reply the assembler understands.
    enum Reply: Sendable {
        /// `…/shadow/get/accepted`: the whole document.
        case getAccepted
        /// `…/shadow/update/accepted`: the accepted part of an update (a partial document).
        case updateAccepted
        /// `…/shadow/update/documents`: `previous` and `current` whole documents.
        case updateDocuments

        /// The reply kind of a topic of `shadow`, or `nil` for request topics and other replies.
        init?(topic: String, shadow: Topics.Shadow) {
            switch topic {
            case shadow.getAccepted: self = .getAccepted
            case shadow.updateAccepted: self = .updateAccepted
            case shadow.updateDocuments: self = .updateDocuments
            default: return nil
            }
        }
    }

    let macAddress: MacAddress
    let product: HardwareProduct
    private(set) var reportedDocument: JSONValue?
    private(set) var version = Int.min
    private(set) var lastEmitted: IoTDeviceState?

    init(macAddress: MacAddress, product: HardwareProduct) {
        self.macAddress = macAddress
        self.product = product
    }

    /// Feeds one reply; returns the new state when it is newer and differs from the last one emitted.
    /// Malformed payloads are ignored (a stream never fails on one bad message).
    mutating func receive(_ reply: Reply, payload: Data) -> IoTDeviceState? {
        guard let message = try? JSONValue(data: payload), let fields = message.objectValue else { return nil }
        switch reply {
        case .getAccepted:
            guard let newVersion = fields["version"]?.intValue, newVersion > version,
                  let reported = fields["state"]?.objectValue?["reported"] else { return nil }
            reportedDocument = reported
            version = newVersion
            return emit(timestamp: fields["timestamp"]?.intValue)
        case .updateDocuments:
            guard let current = fields["current"]?.objectValue,
                  let newVersion = current["version"]?.intValue, newVersion > version,
                  let reported = current["state"]?.objectValue?["reported"] else { return nil }
            reportedDocument = reported
            version = newVersion
            return emit(timestamp: fields["timestamp"]?.intValue)
        case .updateAccepted:
            guard let newVersion = fields["version"]?.intValue, newVersion > version else { return nil }
            guard let document = reportedDocument else { return nil }  // no baseline yet: wait for get or documents
            version = newVersion
            guard let patch = fields["state"]?.objectValue?["reported"] else { return nil }
            reportedDocument = document.merging(patch)
            return emit(timestamp: fields["timestamp"]?.intValue)
        }
    }

    private mutating func emit(timestamp: Int?) -> IoTDeviceState? {
        guard let document = reportedDocument, let reported = try? ReportedState(jsonValue: document) else { return nil }
        if let lastEmitted, lastEmitted.reported == reported { return nil }
        let state = IoTDeviceState(macAddress: macAddress, product: product, reported: reported, version: version,
                                   timestamp: timestamp ?? lastEmitted?.timestamp ?? 0)
        lastEmitted = state
        return state
    }
}
