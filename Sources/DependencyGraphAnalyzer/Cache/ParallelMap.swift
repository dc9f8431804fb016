import Dispatch

/// Maps over indices on every core (`DispatchQueue.concurrentPerform`), keeping the results in order.
enum ParallelMap {
    static func map<T: Sendable>(count: Int, _ transform: @Sendable (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        let storage = ResultStorage<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            storage.set(transform(index), at: index)
        }
        return storage.values()
    }

    /// Per-index slots written by exactly one iteration each, so no two threads touch the same slot.
    private final class ResultStorage<T>: @unchecked Sendable {
        private let buffer: UnsafeMutableBufferPointer<T?>

        init(count: Int) {
            buffer = .allocate(capacity: count)
            buffer.initialize(repeating: nil)
        }

        deinit {
            buffer.deinitialize()
            buffer.deallocate()
        }

        func set(_ value: T, at index: Int) { buffer[index] = value }

        func values() -> [T] { buffer.map { $0! } }
    }
}
