/// How a session that lost its connection gets it back: exponential backoff with jitter, and how long
/// QoS ≥ 1 publishes made while disconnected may wait for the connection before failing.
public struct MQTTReconnectPolicy: Sendable, Hashable {
    /// Whether the session reconnects by itself after losing an established connection.
    public var isEnabled: Bool
    /// The delay before the first reconnect attempt.
    public var initialDelay: Duration
    /// The longest delay between attempts.
    public var maximumDelay: Duration
    /// The factor applied to the delay after each failed attempt.
    public var multiplier: Double
    /// The random fraction (0…1) by which each delay is shortened, so that a fleet does not reconnect
    /// in lock-step after a broker restart.
    public var jitter: Double
    /// How long a QoS ≥ 1 publish made while disconnected waits for a connection before it fails with
    /// ``MQTTError/publishTimedOut(topic:after:)``; it is never sent after failing.
    public var queuedPublishTimeout: Duration

    /// Creates a reconnect policy.
    public init(
        isEnabled: Bool = true,
        initialDelay: Duration = .milliseconds(100),
        maximumDelay: Duration = .seconds(30),
        multiplier: Double = 2,
        jitter: Double = 0.3,
        queuedPublishTimeout: Duration = .seconds(60)
    ) {
        self.isEnabled = isEnabled
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.multiplier = max(1, multiplier)
        self.jitter = min(max(jitter, 0), 1)
        self.queuedPublishTimeout = queuedPublishTimeout
    }

    /// Reconnect from 100 ms up to 30 s, doubling, with 30% jitter; queued publishes wait up to 60 s.
    public static let `default` = MQTTReconnectPolicy()

    /// Never reconnect: a lost connection ends the session and QoS ≥ 1 publishes fail at once.
    public static let disabled = MQTTReconnectPolicy(isEnabled: false)

    /// The delay before reconnect attempt number `attempt` (0-based), jitter applied.
    public func delay(forAttempt attempt: Int) -> Duration {
        let base = initialDelay.seconds * pow2(multiplier, attempt)
        let capped = min(base, maximumDelay.seconds)
        let jittered = capped * (1 - Double.random(in: 0...jitter))
        return .nanoseconds(Int64(jittered * 1e9))
    }

    private func pow2(_ factor: Double, _ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<min(exponent, 64) { result *= factor }
        return result
    }
}

extension Duration {
    /// The duration in seconds as a `Double`.
    package var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
