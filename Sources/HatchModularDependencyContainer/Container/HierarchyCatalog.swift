import Foundation

/// Every live container of one hierarchy that has registrations, kept at the root for error messages only
/// ("provided as an input in AppRoot → DeviceA"). Resolution never reads it.
///
/// Containers are held unretained and remove themselves in `deinit`; ``withContainers(_:)`` runs under the
/// same lock, so a container it hands out cannot finish deinitializing meanwhile.
final class HierarchyCatalog: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var containers: [ObjectIdentifier: Unmanaged<DependencyContainer>] = [:]

    /// Adds `container` (called from its initializer).
    func add(_ container: DependencyContainer) {
        lock.lock()
        defer { lock.unlock() }
        containers[ObjectIdentifier(container)] = .passUnretained(container)
    }

    /// Removes a container that is going away (called from its `deinit`).
    func remove(_ identifier: ObjectIdentifier) {
        lock.lock()
        defer { lock.unlock() }
        containers.removeValue(forKey: identifier)
    }

    /// Runs `body` with every live container, under the catalog's lock. `body` must not retain them beyond
    /// its own duration.
    func withContainers<Result>(_ body: ([Unmanaged<DependencyContainer>]) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(Array(containers.values))
    }
}
