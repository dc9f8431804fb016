extension Duration {
    /// The duration in seconds, for the timings a scenario reports (`(ContinuousClock.now - start).realSeconds`).
    public var realSeconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
