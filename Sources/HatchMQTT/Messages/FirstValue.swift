/// Reads the first value of a stream, or `nil` when none arrives within a time limit: how the feature
/// modules take a device's current routines or alarms from this client's streams without waiting forever.
package enum FirstValue {
    /// The first element `stream` yields within `timeout`, or `nil` when it ends or the time runs out first.
    package static func of<Element: Sendable>(_ stream: AsyncStream<Element>, within timeout: Duration) async -> Element? {
        await withTaskGroup(of: Element?.self) { group in
            group.addTask {
                for await value in stream { return value }
                return nil
            }
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
