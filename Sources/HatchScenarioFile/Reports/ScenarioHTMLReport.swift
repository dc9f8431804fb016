import Foundation

/// The HTML report of a scenario run: one self-contained file (no script, font or image from the
/// network) with the verdict, the expectations table, the stages, charts drawn from the run's samples
/// with its faults on the time axis, and every metric.
public enum ScenarioHTMLReport {
    /// The page.
    public static func html(_ result: ScenarioResult) -> String {
        let e = XMLText.escape
        var body: [String] = []
        let verdictText = switch result.verdict {
        case .pass: "Passed"
        case .fail: "Failed"
        case .notApplicable: "Not applicable — not passed"
        case .interrupted: "Interrupted"
        }
        body.append("<header><h1>\(e(result.scenario))</h1><p class=\"verdict verdict-\(result.verdict.rawValue)\" role=\"status\">\(verdictText)</p></header>")
        if result.verdict == .interrupted { body.append("<p class=\"banner\">Interrupted: partial results, up to the moment the run was stopped.</p>") }
        if let error = result.error { body.append("<p class=\"banner\">The run could not be carried out: \(e(error))</p>") }
        let facts: [(String, String)] = [
            ("Target", result.target), ("Devices", String(result.devices)), ("Seed", String(result.seed)),
            ("Real duration", "\(SVGTimeChart.number(result.realSeconds)) s"),
            ("Simulated", "\(result.simulatedStart ?? "–") → \(result.simulatedEnd ?? "–")"), ("Started", result.startedAt), ("File", result.file),
        ]
        body.append("<dl class=\"facts\">" + facts.map { "<dt>\(e($0.0))</dt><dd>\(e($0.1))</dd>" }.joined() + "</dl>")

        body.append("<h2>Expectations</h2>")
        if result.expectations.isEmpty {
            body.append("<p>The scenario sets no expectation.</p>")
        } else {
            body.append("<table><thead><tr><th scope=\"col\">Stage</th><th scope=\"col\">Threshold</th><th scope=\"col\">Measured</th><th scope=\"col\">Verdict</th><th scope=\"col\">Source</th></tr></thead><tbody>")
            for expectation in result.expectations {
                let verdict = switch expectation.verdict {
                case .pass: "pass"
                case .fail: "fail"
                case .notApplicable: "not applicable"
                }
                let note = expectation.verdict == .pass ? "" : expectation.message.map { "<div class=\"note\">\(e($0))</div>" } ?? ""
                body.append("<tr class=\"\(expectation.verdict.rawValue)\"><td>\(e(expectation.stage ?? "whole run"))</td><td>\(e(expectation.threshold))</td>"
                            + "<td>\(e(expectation.measuredText))</td><td>\(verdict)\(note)</td><td>\(e(expectation.source))</td></tr>")
            }
            body.append("</tbody></table>")
        }

        body.append("<h2>Stages</h2><table><thead><tr><th scope=\"col\">Stage</th><th scope=\"col\">Essential</th><th scope=\"col\">Real (s)</th><th scope=\"col\">Simulated</th><th scope=\"col\">Not applicable</th></tr></thead><tbody>")
        for stage in result.stages {
            let skipped = stage.notApplicable ?? (stage.skippedActions.isEmpty ? "" : "skipped: " + stage.skippedActions.joined(separator: "; "))
            body.append("<tr><td>\(e(stage.name))</td><td>\(stage.essential ? "yes" : "no")</td><td>\(SVGTimeChart.number(stage.realStart))–\(SVGTimeChart.number(stage.realEnd))</td>"
                        + "<td>\(e(stage.simulatedStart ?? "–")) → \(e(stage.simulatedEnd ?? "–"))</td><td>\(e(skipped))</td></tr>")
        }
        body.append("</tbody></table>")

        body.append("<h2>Charts</h2>")
        body.append(legend())
        body += charts(result)

        body.append("<h2>Metrics of the whole run</h2><table><thead><tr><th scope=\"col\">Metric</th><th scope=\"col\">Value</th></tr></thead><tbody>")
        for (name, value) in result.metrics.sorted(by: { $0.key < $1.key }) {
            body.append("<tr><td>\(e(name))</td><td>\(e(SVGTimeChart.number(value)))</td></tr>")
        }
        body.append("</tbody></table>")
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(e(result.scenario)) — \(verdictText)</title>
            <style>\(ScenarioReportStyle.css)</style>
            </head>
            <body>
            <main>
            \(body.joined(separator: "\n"))
            </main>
            </body>
            </html>

            """
    }

    private static func legend() -> String {
        let kinds: [(TimelineMark.Kind, String)] = [(.stage, "stage start"), (.fault, "device fault"), (.broker, "broker action"), (.clock, "clock change")]
        return "<ul class=\"legend\">" + kinds.map { kind, text in
            "<li><span class=\"swatch\" style=\"background:\(SVGTimeChart.markColors[kind] ?? "#888")\"></span>\(text)</li>"
        }.joined() + "</ul>"
    }

    /// The charts with a text summary beside each.
    static func charts(_ result: ScenarioResult) -> [String] {
        let samples = result.samples
        guard samples.count > 1 else { return ["<p>No samples: the run ended before its first second.</p>"] }
        let duration = max(result.realSeconds, samples.last?.t ?? 0)
        var labels: [(Double, String)] = []
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "MM-dd HH:mm"
        let every = max(1, samples.count / 6)
        for sample in samples.enumerated().filter({ $0.offset % every == 0 }).map(\.element) {
            if let simulated = sample.simulated { labels.append((sample.t, formatter.string(from: Date(timeIntervalSince1970: simulated)) + " sim")) }
        }
        func chart(_ title: String, _ unit: String, _ series: [SVGTimeChart.Series], summary: String) -> String {
            let svg = SVGTimeChart(title: title, unit: unit, series: series, marks: result.marks, stages: result.stages, duration: duration,
                                   simulatedLabels: labels).svg()
            return "<figure><figcaption><h3>\(XMLText.escape(title))</h3><p>\(XMLText.escape(summary))</p></figcaption>\(svg)</figure>"
        }
        var figures: [String] = []
        let online = samples.map(\.online)
        figures.append(chart("Devices online", "devices", [.init(name: "online", color: "#2e7d32", points: samples.map { ($0.t, Double($0.online)) })],
                             summary: "Lowest \(online.min() ?? 0), highest \(online.max() ?? 0) of \(result.devices)."))
        let rates = samples.map(\.messagesPerSecond)
        figures.append(chart("Messages per second", "msg/s", [.init(name: "messages", color: "#6a4fb3", points: samples.map { ($0.t, $0.messagesPerSecond) })],
                             summary: "Mean \(SVGTimeChart.number(rates.reduce(0, +) / Double(rates.count))), peak \(SVGTimeChart.number(rates.max() ?? 0)) messages per second."))
        let p99 = samples.compactMap(\.latencyP99)
        figures.append(chart("Command → reported latency", "ms", [
            .init(name: "p50", color: "#1f77b4", points: samples.map { ($0.t, $0.latencyP50) }),
            .init(name: "p99", color: "#d62728", points: samples.map { ($0.t, $0.latencyP99) }),
        ], summary: p99.isEmpty ? "No command was answered." : "p99 per second: highest \(SVGTimeChart.number(p99.max() ?? 0)) ms; \(samples.reduce(0) { $0 + $1.commandsAnswered }) commands answered."))
        let perMinute = zip(samples.dropFirst(), samples).map { current, previous -> (Double, Double?) in
            if let now = current.simulated, let before = previous.simulated, now > before {
                return (current.t, Double(current.alarmsFired) / ((now - before) / 60))
            }
            let seconds = current.t - previous.t
            return (current.t, seconds > 0 ? Double(current.alarmsFired) * 60 / seconds : nil)
        }
        let fired = samples.reduce(0) { $0 + $1.alarmsFired }
        let minuteKind = samples.contains { $0.simulated != nil } ? "simulated" : "real"
        figures.append(chart("Alarm firings per \(minuteKind) minute", "alarms/min",
                             [.init(name: "firings", color: "#e6a700", points: perMinute)], summary: "\(fired) alarm firings in all."))
        if samples.contains(where: { $0.memoryMegabytes != nil }) {
            let memory = samples.compactMap(\.memoryMegabytes)
            figures.append(chart("Resident memory of the fleet's process", "MB", [.init(name: "memory", color: "#00838f", points: samples.map { ($0.t, $0.memoryMegabytes) })],
                                 summary: "From \(SVGTimeChart.number(memory.first ?? 0)) MB to \(SVGTimeChart.number(memory.last ?? 0)) MB, peak \(SVGTimeChart.number(memory.max() ?? 0)) MB."))
        }
        return figures
    }
}
