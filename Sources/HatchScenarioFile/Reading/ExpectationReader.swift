/// Reads expectations: a metric and exactly one of `max`, `min` or `equals`, with a bound in the
/// metric's unit.
enum ExpectationReader {
    static func readList(_ value: NodeCursor) throws(ScenarioFileError) -> [Expectation] {
        try value.list(of: "expectations (`metric:` and `max:`, `min:` or `equals:`)").map { item throws(ScenarioFileError) in try read(item) }
    }

    static func read(_ value: NodeCursor) throws(ScenarioFileError) -> Expectation {
        let mapping = try value.mapping("an expectation", allowed: ScenarioKeys.expectation)
        let metric = try readMetric(try mapping.required("metric", "the metric, e.g. `metric: commands.lost`"))
        let comparisons = Expectation.Comparison.allCases.map(\.rawValue)
        let (key, boundValue) = try mapping.exactlyOne(of: comparisons, "an expectation")
        let comparison = Expectation.Comparison(rawValue: key) ?? .atMost
        let bound = try readBound(boundValue, metric: metric)
        return Expectation(metric: metric, comparison: comparison, bound: bound, location: value.location)
    }

    static func readMetric(_ value: NodeCursor) throws(ScenarioFileError) -> ScenarioMetric {
        guard let text = value.text else { throw value.expected("a metric name, e.g. commands.lost") }
        if let metric = ScenarioMetric(rawValue: text) { return metric }
        let family = text.split(separator: ".").first.map(String.init) ?? text
        var near = ScenarioMetric.allCases.map(\.rawValue).filter { $0.hasPrefix(family + ".") }
        if near.isEmpty { near = ["commands.lost", "commands.latency.p99", "devices.onlineShare", "recovery.max", "alarms.missed"] }
        throw value.error("unknown metric `\(text)`; allowed metrics include \(near.joined(separator: ", ")) "
            + "(every metric is listed in the scenario file reference and in scenario.schema.json)")
    }

    static func readBound(_ value: NodeCursor, metric: ScenarioMetric) throws(ScenarioFileError) -> Double {
        let unit = metric.unit
        guard let text = value.text else { throw value.expected("a bound for \(metric.rawValue): \(unit.howToWrite)") }
        guard let bound = unit.bound(text) else {
            throw value.error("`\(text)` is not a bound for \(metric.rawValue), which is in \(unit.rawValue); write \(unit.howToWrite)")
        }
        guard unit.allows(bound) else {
            throw value.error("`\(text)` is out of range for \(metric.rawValue); write \(unit.howToWrite)"
                + (unit == .share ? " (from 0 to 1)" : " (not negative)"))
        }
        return bound
    }
}
