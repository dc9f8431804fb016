/// The samples of a Prometheus text exposition, keyed by the series as written
/// (`hatch_shadow_service_requests_total{kind="shadow_update"}`): what a scraper such as
/// `fleet bench` or a test reads back from a `/metrics` answer.
public struct PrometheusSamples: Sendable, Equatable {
    /// Each series' value.
    public var values: [String: Double]

    /// Parses an exposition; comment lines and lines without a numeric value are skipped.
    public init(exposition: String) {
        var values: [String: Double] = [:]
        for line in exposition.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            values[String(line[..<space])] = value
        }
        self.values = values
    }

    /// The value of `series`, if present.
    public subscript(series: String) -> Double? { values[series] }

    /// The sum of every series of the metric `name` (all label sets); 0 when it has none.
    public func total(_ name: String) -> Double {
        values.reduce(0) { sum, sample in
            sample.key == name || sample.key.hasPrefix(name + "{") ? sum + sample.value : sum
        }
    }
}
