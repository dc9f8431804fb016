import Synchronization

/// A stand-in for swift-tagged's `Tagged`, enough for `Tagged(macAddress)` and `.rawValue`.
struct Tagged<Tag, RawValue: Sendable & Hashable>: Sendable, Hashable {
    let rawValue: RawValue
    init(_ rawValue: RawValue) { self.rawValue = rawValue }
    init(rawValue: RawValue) { self.rawValue = rawValue }
}

enum MacAddressTag {}
typealias MacAddress = Tagged<MacAddressTag, String>

enum HardwareProduct: String, Sendable {
    case restoreIoT
    case restoreV5
}

typealias AdultUserIdentifier = String

struct HA25ToolbarViewModel: Sendable, Equatable {
    var title: String
    static let mock = HA25ToolbarViewModel(title: "mock")
}

/// Process-wide increasing numbers, to tell instances apart.
enum SequenceNumber {
    private static let counter = Atomic<Int>(0)
    static func next() -> Int { counter.add(1, ordering: .relaxed).newValue }
}

/// Counts how often something happened, from any thread.
final class Counter: Sendable {
    private let storage = Atomic<Int>(0)
    var value: Int { storage.load(ordering: .acquiring) }
    func increment() { storage.add(1, ordering: .acquiringAndReleasing) }
}
