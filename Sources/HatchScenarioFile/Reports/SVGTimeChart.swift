import Foundation

/// A line chart over the run's real time, drawn as inline SVG: series with gaps where a value is
/// missing, the stages shaded in turn, and the run's marks (faults, broker actions, clock changes,
/// stage starts) as vertical lines with their labels as tooltips.
struct SVGTimeChart {
    /// One line.
    struct Series {
        var name: String
        var color: String
        /// (real seconds, value or nil for a gap).
        var points: [(Double, Double?)]
    }

    var title: String
    var unit: String
    var series: [Series]
    var marks: [TimelineMark]
    var stages: [StageResult]
    /// Real seconds of the whole run (the x axis).
    var duration: Double
    /// The simulated clock at some real seconds, for labels under the axis.
    var simulatedLabels: [(Double, String)] = []

    static let width = 880.0
    static let height = 240.0
    static let left = 64.0
    static let right = 16.0
    static let top = 16.0
    static let bottom = 44.0
    /// At most this many points per series; beyond it each bucket keeps its minimum and maximum.
    static let maximumPoints = 1500

    static let markColors: [TimelineMark.Kind: String] = [.stage: "#8a8a99", .fault: "#d9822b", .broker: "#c2334d", .clock: "#3b7dd8"]

    func svg() -> String {
        let plotWidth = Self.width - Self.left - Self.right
        let plotHeight = Self.height - Self.top - Self.bottom
        let values = series.flatMap { $0.points.compactMap(\.1) }
        let maximum = niceCeiling(values.max() ?? 1)
        let span = max(duration, 1)
        func x(_ t: Double) -> Double { Self.left + plotWidth * min(max(t / span, 0), 1) }
        func y(_ value: Double) -> Double { Self.top + plotHeight * (1 - min(max(value / maximum, 0), 1)) }
        var parts: [String] = []
        let label = "\(title), \(series.map(\.name).joined(separator: " and ")) over \(Self.number(duration)) real seconds"
        parts.append("<svg class=\"chart\" role=\"img\" aria-label=\"\(XMLText.escape(label))\" viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\">")
        parts.append("<title>\(XMLText.escape(label))</title>")
        // Stage spans, shaded in turn.
        for (index, stage) in stages.enumerated() where index % 2 == 1 {
            let x0 = x(stage.realStart), x1 = x(stage.realEnd)
            parts.append("<rect class=\"stage-span\" x=\"\(f(x0))\" y=\"\(f(Self.top))\" width=\"\(f(max(0, x1 - x0)))\" height=\"\(f(plotHeight))\"><title>\(XMLText.escape(stage.name))</title></rect>")
        }
        // Axes and ticks.
        parts.append("<line class=\"axis\" x1=\"\(f(Self.left))\" y1=\"\(f(Self.top + plotHeight))\" x2=\"\(f(Self.left + plotWidth))\" y2=\"\(f(Self.top + plotHeight))\"/>")
        parts.append("<line class=\"axis\" x1=\"\(f(Self.left))\" y1=\"\(f(Self.top))\" x2=\"\(f(Self.left))\" y2=\"\(f(Self.top + plotHeight))\"/>")
        for step in 0...4 {
            let value = maximum * Double(step) / 4
            let at = y(value)
            parts.append("<line class=\"grid\" x1=\"\(f(Self.left))\" y1=\"\(f(at))\" x2=\"\(f(Self.left + plotWidth))\" y2=\"\(f(at))\"/>")
            parts.append("<text class=\"tick\" x=\"\(f(Self.left - 6))\" y=\"\(f(at + 4))\" text-anchor=\"end\">\(XMLText.escape(Self.number(value)))</text>")
        }
        let timeStep = niceStep(span / 6)
        var t = 0.0
        while t <= span + 0.001 {
            parts.append("<text class=\"tick\" x=\"\(f(x(t)))\" y=\"\(f(Self.top + plotHeight + 16))\" text-anchor=\"middle\">\(Self.number(t)) s</text>")
            t += timeStep
        }
        for (at, text) in simulatedLabels {
            parts.append("<text class=\"tick sim\" x=\"\(f(x(at)))\" y=\"\(f(Self.top + plotHeight + 32))\" text-anchor=\"middle\">\(XMLText.escape(text))</text>")
        }
        parts.append("<text class=\"unit\" x=\"12\" y=\"\(f(Self.top + plotHeight / 2))\" transform=\"rotate(-90 12 \(f(Self.top + plotHeight / 2)))\" text-anchor=\"middle\">\(XMLText.escape(unit))</text>")
        // Marks.
        for mark in marks {
            let at = x(mark.t)
            let color = Self.markColors[mark.kind] ?? "#888"
            parts.append("<line class=\"mark mark-\(mark.kind.rawValue)\" x1=\"\(f(at))\" y1=\"\(f(Self.top))\" x2=\"\(f(at))\" y2=\"\(f(Self.top + plotHeight))\" stroke=\"\(color)\"><title>\(XMLText.escape("\(Self.number(mark.t)) s: \(mark.label)"))</title></line>")
        }
        // Series: a polyline per run of points without a gap.
        for line in series {
            for run in Self.runs(Self.downsample(line.points)) where !run.isEmpty {
                let points = run.map { "\(f(x($0.0))),\(f(y($0.1)))" }.joined(separator: " ")
                parts.append("<polyline class=\"series\" data-series=\"\(XMLText.escape(line.name))\" fill=\"none\" stroke=\"\(line.color)\" stroke-width=\"1.6\" points=\"\(points)\"/>")
            }
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    /// At most ``maximumPoints`` points: evenly spaced buckets, each keeping its lowest and highest value
    /// in time order, so a spike survives; a gap in a bucket stays a gap.
    static func downsample(_ points: [(Double, Double?)]) -> [(Double, Double?)] {
        guard points.count > maximumPoints else { return points }
        let buckets = maximumPoints / 2
        let size = Double(points.count) / Double(buckets)
        var result: [(Double, Double?)] = []
        for bucket in 0..<buckets {
            let slice = points[Int(Double(bucket) * size)..<min(points.count, Int(Double(bucket + 1) * size))]
            let present = slice.filter { $0.1 != nil }
            guard let low = present.min(by: { $0.1! < $1.1! }), let high = present.max(by: { $0.1! < $1.1! }) else {
                if let first = slice.first { result.append((first.0, nil)) }
                continue
            }
            if low.0 <= high.0 { result += [low, high] } else { result += [high, low] }
        }
        return result
    }

    /// The points split where a value is missing.
    static func runs(_ points: [(Double, Double?)]) -> [[(Double, Double)]] {
        var runs: [[(Double, Double)]] = [[]]
        for (t, value) in points {
            if let value { runs[runs.count - 1].append((t, value)) } else if !runs[runs.count - 1].isEmpty { runs.append([]) }
        }
        return runs
    }

    private func f(_ value: Double) -> String { String(format: "%.1f", value) }

    private func niceCeiling(_ value: Double) -> Double {
        guard value > 0 else { return 1 }
        return niceStep(value / 4) * 4
    }

    private func niceStep(_ raw: Double) -> Double {
        guard raw > 0 else { return 1 }
        let magnitude = pow(10, floor(log10(raw)))
        for factor in [1.0, 2, 2.5, 5, 10] where raw <= factor * magnitude { return factor * magnitude }
        return 10 * magnitude
    }

    /// A number as the charts and tables show it: whole numbers plainly, others with three significant digits.
    static func number(_ value: Double) -> String {
        if value.isInfinite { return "∞" }
        if value.rounded() == value, abs(value) < 1e12 { return String(Int(value)) }
        return String(format: "%.3g", value)
    }
}
