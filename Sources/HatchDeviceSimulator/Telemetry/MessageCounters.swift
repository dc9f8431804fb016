import Synchronization

/// Message counts by ``MessageKind``, updated without locks: one relaxed atomic add per message, the
/// same cost as a single total, and read only when someone asks (a status line, a metrics scrape).
public final class MessageCounters: Sendable {
    private let shadowUpdate = Atomic<Int>(0)
    private let shadowGet = Atomic<Int>(0)
    private let shadowDelete = Atomic<Int>(0)
    private let delta = Atomic<Int>(0)
    private let accepted = Atomic<Int>(0)
    private let rejected = Atomic<Int>(0)
    private let documents = Atomic<Int>(0)
    private let presence = Atomic<Int>(0)
    private let registry = Atomic<Int>(0)
    private let records = Atomic<Int>(0)
    private let control = Atomic<Int>(0)

    /// Zero counts.
    public init() {}

    /// Counts `count` messages of `kind`.
    @inline(__always)
    public func add(_ kind: MessageKind, count: Int = 1) {
        withCounter(kind) { _ = $0.add(count, ordering: .relaxed) }
    }

    /// The messages of `kind` counted so far.
    public func count(_ kind: MessageKind) -> Int {
        withCounter(kind) { $0.load(ordering: .relaxed) }
    }

    /// Every kind's count (kinds never counted included, at 0).
    public var counts: [(kind: MessageKind, count: Int)] {
        MessageKind.allCases.map { ($0, count($0)) }
    }

    /// All messages counted so far.
    public var total: Int {
        MessageKind.allCases.reduce(0) { $0 + count($1) }
    }

    @inline(__always)
    private func withCounter<Result>(_ kind: MessageKind, _ body: (borrowing Atomic<Int>) -> Result) -> Result {
        switch kind {
        case .shadowUpdate: return body(shadowUpdate)
        case .shadowGet: return body(shadowGet)
        case .shadowDelete: return body(shadowDelete)
        case .delta: return body(delta)
        case .accepted: return body(accepted)
        case .rejected: return body(rejected)
        case .documents: return body(documents)
        case .presence: return body(presence)
        case .registry: return body(registry)
        case .records: return body(records)
        case .control: return body(control)
        }
    }
}
