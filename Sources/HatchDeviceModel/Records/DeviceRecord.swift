/// What routines and alarms have in common as per-device records: an id, a name, an enabled switch, a
/// kind that names their topics and JSON keys, and validation.
public protocol DeviceRecord: Codable, Sendable, Hashable, Identifiable where ID == Int {
    /// Id, unique per device and kind; positive.
    var id: Int { get set }
    /// Name shown in the app.
    var name: String { get set }
    /// Whether the record is active.
    var enabled: Bool { get set }
    /// Routines or alarms.
    static var kind: RecordKind { get }
    /// The JSON key of one record in a request (`routine` or `alarm`).
    static var singularKey: String { get }
    /// Why the record is not acceptable, naming the field; `nil` when it is valid.
    func validationProblem() -> String?
}
