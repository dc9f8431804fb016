/// What a message on the wire is, by its topic: the label of the fleet's message counters
/// (`hatch_fleet_messages_in_total{kind="delta"}`), decided where the message is made so that
/// counting it costs no topic parsing.
public enum MessageKind: Int, Sendable, Hashable, CaseIterable {
    /// A request on `shadow/update` (a command, or a report from someone else).
    case shadowUpdate
    /// A request on `shadow/get`.
    case shadowGet
    /// A request on `shadow/delete`.
    case shadowDelete
    /// `/update/delta`.
    case delta
    /// `/accepted` replies of the shadow and of the routine and alarm records.
    case accepted
    /// `/rejected` replies of the shadow and of the routine and alarm records.
    case rejected
    /// `/update/documents`.
    case documents
    /// The retained presence record.
    case presence
    /// The retained registry record.
    case registry
    /// Routine and alarm records: the retained documents and the requests that change them.
    case records
    /// The fleet's control topic: requests, replies, status and events.
    case control

    /// The kinds the fleet receives: requests to devices and to the fleet.
    public static let received: [MessageKind] = [.shadowUpdate, .shadowGet, .shadowDelete, .records, .control]

    /// The kinds the fleet publishes: replies, records and the fleet's own messages.
    public static let published: [MessageKind] = [.accepted, .rejected, .delta, .documents, .presence, .registry, .records, .control]

    /// The kinds a fleet of firmware alone (``ShadowServiceMode/external``) receives: the shadow
    /// service's answers to its devices, record requests and the fleet's control requests.
    public static let receivedByFirmware: [MessageKind] = [.delta, .accepted, .rejected, .records, .control]

    /// The kinds a fleet of firmware alone publishes: its devices' reports and gets, presence,
    /// registry, records and the fleet's own messages.
    public static let publishedByFirmware: [MessageKind] = [.shadowUpdate, .shadowGet, .presence, .registry, .records, .control]

    /// The metric label: `shadow_update`, `delta`, `records`, ….
    public var label: String {
        switch self {
        case .shadowUpdate: return "shadow_update"
        case .shadowGet: return "shadow_get"
        case .shadowDelete: return "shadow_delete"
        case .delta: return "delta"
        case .accepted: return "accepted"
        case .rejected: return "rejected"
        case .documents: return "documents"
        case .presence: return "presence"
        case .registry: return "registry"
        case .records: return "records"
        case .control: return "control"
        }
    }
}
