import HatchScenarioFile

/// Decides one expectation from the measured metrics of its window.
enum ExpectationJudge {
    /// Pass when the measured value meets the bound, fail when not, not applicable when the target
    /// cannot measure the metric or the stage did not run.
    static func judge(_ expectation: Expectation, stage: String?, measured: MeasuredMetrics, ran: Bool, skipped: String? = nil) -> ExpectationResult {
        let source = "\(expectation.location.file):\(expectation.location.line)"
        let metric = expectation.metric
        func result(_ value: Double?, _ verdict: ExpectationResult.Verdict, _ message: String?) -> ExpectationResult {
            ExpectationResult(metric: metric.rawValue, stage: stage, threshold: expectation.threshold, measured: value,
                              measuredText: value.map { metric.unit.format($0) } ?? "–", verdict: verdict, message: message, source: source)
        }
        if !ran { return result(nil, .notApplicable, skipped ?? "the stage did not run on this target") }
        guard let value = measured.values[metric] else {
            if let reason = measured.unavailable[metric] { return result(nil, .notApplicable, reason) }
            // Nothing to measure where something was expected is a failure, not a pass.
            let reason = measured.missing[metric] ?? "nothing was measured"
            return result(nil, .fail, "\(expectation.threshold): \(reason) (\(source))")
        }
        if expectation.holds(for: value) { return result(value, .pass, nil) }
        let details = measured.details[metric] ?? []
        let listed = details.isEmpty ? "" : "; " + details.prefix(5).joined(separator: "; ") + (details.count > 5 ? "; …" : "")
        return result(value, .fail, "\(expectation.threshold): measured \(metric.unit.format(value)) (\(source))\(listed)")
    }
}
