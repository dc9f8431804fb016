/// Runs `operation`, throwing `timeoutError` if it has not finished after `duration` (the operation is
/// then cancelled).
func withDeadline<T: Sendable>(
    _ duration: Duration,
    onTimeout timeoutError: IoTDeviceStateEmitterError,
    _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: duration)
            throw timeoutError
        }
        defer { group.cancelAll() }
        guard let result = try await group.next() else { throw CancellationError() }
        return result
    }
}
