#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a pthread mutex, both in one allocation (a session keeps three of these, and a
/// process may hold 100,000 sessions). A pthread mutex rather than `Synchronization.Mutex` where
/// other threads meet the event loop, because ThreadSanitizer understands pthread mutexes, so
/// `make test-tsan` reports real races only.
struct Locked<Value>: @unchecked Sendable {
    /// The value and the mutex, in one object.
    private final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        deinit {
            _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
        }
    }

    private let storage: Storage

    private init(storage: Storage) { self.storage = storage }

    /// A lock holding `value`.
    static func make(_ value: Value) -> Locked<Value> {
        let storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in value }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_init($0, nil) }
        return Locked(storage: storage)
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }

    /// Takes the lock, for a caller that holds it across calls (``unlock()`` releases it).
    func lock() {
        _ = storage.withUnsafeMutablePointerToElements { pthread_mutex_lock($0) }
    }

    /// Takes the lock if nobody holds it; `false` when somebody does.
    func tryLock() -> Bool {
        storage.withUnsafeMutablePointerToElements { pthread_mutex_trylock($0) == 0 }
    }

    /// Releases the lock taken with ``lock()`` or ``tryLock()``.
    func unlock() {
        _ = storage.withUnsafeMutablePointerToElements { pthread_mutex_unlock($0) }
    }
}
