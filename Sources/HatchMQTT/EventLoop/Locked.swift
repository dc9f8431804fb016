import Foundation

/// A value behind a `NSLock` (a pthread mutex). Used instead of `Synchronization.Mutex` where other
/// threads meet the event loop, because ThreadSanitizer understands pthread mutexes, so
/// `make test-tsan` reports real races only.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
