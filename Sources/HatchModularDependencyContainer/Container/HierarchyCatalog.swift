import Synchronization

/// Every live container of one hierarchy that has registrations, kept at the root for error messages only
/// ("provided as an input in AppRoot → DeviceA"). Containers are held weakly; resolution never reads it.
final class HierarchyCatalog: Sendable {
    private struct Entry: Sendable {
        weak var container: DependencyContainer?
    }

    private struct State: Sendable {
        var entries: [Entry] = []
        var compactAt = 64
    }

    private let state = Mutex(State())

    /// Adds `container`, dropping entries of containers that are gone when the list has doubled.
    func add(_ container: DependencyContainer) {
        state.withLock { state in
            state.entries.append(Entry(container: container))
            if state.entries.count >= state.compactAt {
                state.entries.removeAll { $0.container == nil }
                state.compactAt = max(64, state.entries.count * 2)
            }
        }
    }

    /// The containers still alive.
    var containers: [DependencyContainer] {
        state.withLock { $0.entries.compactMap(\.container) }
    }
}
