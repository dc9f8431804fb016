import Synchronization

/// Every live container of one hierarchy that has registrations, kept at the root for error messages only
/// ("provided as an input in AppRoot → DeviceA"). Resolution never reads it.
///
/// The containers form an intrusive doubly linked list (`catalogPrevious` and `catalogNext` of
/// each container), so adding and removing one is a few pointer writes under the lock,
/// with no hashing and no allocation. The lock is a `Mutex` (one atomic word, no call into a lock object),
/// since every `buildChild` takes it twice: once to add the child, once when the child goes away.
/// Containers are held unretained and remove themselves in `deinit`; ``withContainers(_:)`` runs under the
/// same lock, so a container it hands out cannot finish deinitializing meanwhile.
final class HierarchyCatalog: Sendable {
    /// The most recently added container; the list's links are guarded by the same lock.
    private let head = Mutex<Unmanaged<DependencyContainer>?>(nil)

    /// Adds `container` (called from its initializer).
    func add(_ container: DependencyContainer) {
        let node = Unmanaged.passUnretained(container)
        head.withLock { head in
            container.catalogNext = head
            head?._withUnsafeGuaranteedRef { $0.catalogPrevious = node }
            head = node
        }
    }

    /// Removes a container that is going away (called from its `deinit`).
    func remove(_ container: DependencyContainer) {
        head.withLock { head in
            let previous = container.catalogPrevious
            let next = container.catalogNext
            if let previous {
                previous._withUnsafeGuaranteedRef { $0.catalogNext = next }
            } else {
                head = next
            }
            next?._withUnsafeGuaranteedRef { $0.catalogPrevious = previous }
        }
    }

    /// Runs `body` with every live container, under the catalog's lock. `body` must not retain them beyond
    /// its own duration.
    func withContainers<Result>(_ body: ([Unmanaged<DependencyContainer>]) -> Result) -> Result {
        head.withLock { head in
            var containers: [Unmanaged<DependencyContainer>] = []
            var current = head
            while let container = current {
                containers.append(container)
                current = container._withUnsafeGuaranteedRef { $0.catalogNext }
            }
            return body(containers)
        }
    }
}
