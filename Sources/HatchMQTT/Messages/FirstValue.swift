/// Reads the first value of a stream, or `nil` when none arrives within a time limit: how the feature
/// modules take a device's current routines or alarms, and the connection client a presence record,
/// without waiting forever.
package enum FirstValue {
    /// The first element `stream` yields within `timeout`, or `nil` when it ends or the time runs out first.
    package static func of<Element: Sendable>(_ stream: AsyncStream<Element>, within timeout: Duration) async -> Element? {
        await within(timeout) {
            for await value in stream { return value }
            return nil
        }
    }

    /// What `read` returns, or `nil` when `timeout` runs out first (`read` is then cancelled).
    package static func within<Value: Sendable>(
        _ timeout: Duration, _ read: @escaping @Sendable () async -> Value?
    ) async -> Value? {
        await withTaskGroup(of: Value?.self) { group in
            group.addTask { await read() }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
