import Foundation

/// Every live container of one hierarchy that has registrations, kept at the root for error messages only
/// ("provided as an input in AppRoot → DeviceA"). Resolution never reads it.
///
/// The containers form an intrusive doubly linked list (`catalogPrevious` and `catalogNext` of
/// each container), so adding and removing one is a few pointer writes under the lock,
/// with no hashing and no allocation. Containers are held unretained and remove themselves in `deinit`;
/// ``withContainers(_:)`` runs under the same lock, so a container it hands out cannot finish
/// deinitializing meanwhile.
final class HierarchyCatalog: @unchecked Sendable {
    private let lock = NSLock()
    /// The most recently added container. Guarded by `lock`.
    private var head: Unmanaged<DependencyContainer>?

    /// Adds `container` (called from its initializer).
    func add(_ container: DependencyContainer) {
        lock.lock()
        defer { lock.unlock() }
        let node = Unmanaged.passUnretained(container)
        container.catalogNext = head
        head?._withUnsafeGuaranteedRef { $0.catalogPrevious = node }
        head = node
    }

    /// Removes a container that is going away (called from its `deinit`).
    func remove(_ container: DependencyContainer) {
        lock.lock()
        defer { lock.unlock() }
        let previous = container.catalogPrevious
        let next = container.catalogNext
        if let previous {
            previous._withUnsafeGuaranteedRef { $0.catalogNext = next }
        } else {
            head = next
        }
        next?._withUnsafeGuaranteedRef { $0.catalogPrevious = previous }
    }

    /// Runs `body` with every live container, under the catalog's lock. `body` must not retain them beyond
    /// its own duration.
    func withContainers<Result>(_ body: ([Unmanaged<DependencyContainer>]) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        var containers: [Unmanaged<DependencyContainer>] = []
        var current = head
        while let container = current {
            containers.append(container)
            current = container._withUnsafeGuaranteedRef { $0.catalogNext }
        }
        return body(containers)
    }
}
