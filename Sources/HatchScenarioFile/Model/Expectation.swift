/// A threshold that decides the verdict: a metric, a comparison and a bound in the metric's unit.
public struct Expectation: Sendable, Equatable {
    /// How the measured value must compare with the bound.
    public enum Comparison: String, Sendable, Equatable, CaseIterable {
        /// At most (`max:`).
        case atMost = "max"
        /// At least (`min:`).
        case atLeast = "min"
        /// Exactly (`equals:`).
        case equals

        /// The operator as reports show it.
        public var symbol: String {
            switch self {
            case .atMost: "≤"
            case .atLeast: "≥"
            case .equals: "="
            }
        }
    }

    /// What is measured.
    public var metric: ScenarioMetric
    /// How it compares.
    public var comparison: Comparison
    /// The bound, in the metric's unit (milliseconds, seconds, a count, a share 0…1, kilobytes, …).
    public var bound: Double
    /// Where it was written.
    public var location: FieldLocation

    /// Creates an expectation.
    public init(metric: ScenarioMetric, comparison: Comparison, bound: Double, location: FieldLocation) {
        self.metric = metric
        self.comparison = comparison
        self.bound = bound
        self.location = location
    }

    /// Whether `value` meets the bound.
    public func holds(for value: Double) -> Bool {
        switch comparison {
        case .atMost: value <= bound
        case .atLeast: value >= bound
        case .equals: value == bound
        }
    }

    /// `commands.latency.p99 ≤ 2 ms`.
    public var threshold: String { "\(metric.rawValue) \(comparison.symbol) \(metric.unit.format(bound))" }
}
