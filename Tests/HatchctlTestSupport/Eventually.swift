/// Waits for a value that appears by itself (a document the shadow service builds, a state a device
/// reaches): `check` is asked again every `interval` until it returns a value, which is returned.
/// `timeout` (real time) is only the last guard against a hang; make it generous enough for a busy
/// machine and measure what the test promises separately. On time-out it throws ``EventuallyTimeout``
/// with `what` and what `describe` says was there instead.
public func eventually<Value>(_ what: String, within timeout: Duration, interval: Duration = .milliseconds(20),
                              describe: () async -> String = { "" },
                              _ check: () async throws -> Value?) async throws -> Value {
    let deadline = ContinuousClock.now + timeout
    while true {
        if let value = try await check() { return value }
        guard ContinuousClock.now < deadline else {
            throw EventuallyTimeout(what: what, timeout: timeout, instead: await describe())
        }
        try await Task.sleep(for: interval)
    }
}

/// What ``eventually(_:within:interval:describe:_:)`` throws when the value never came.
public struct EventuallyTimeout: Error, CustomStringConvertible {
    /// What was waited for.
    public let what: String
    /// How long.
    public let timeout: Duration
    /// What was there instead (may be empty).
    public let instead: String

    public var description: String {
        "no \(what) within \(timeout)" + (instead.isEmpty ? "" : "; instead: \(instead)")
    }
}
