import Foundation
import HatchDeviceModel
import Logging
import Metrics

/// What a fleet tells about itself besides its counters: structured log lines (swift-log) and the
/// instruments that need more than a count (swift-metrics). Both go to whatever backend the process
/// bootstrapped; with none, the logger is silent and the instruments are no-ops.
///
/// Per-message counts stay in ``FleetStatistics`` (one atomic add each); only rarer events — a
/// command applied, a rejection — touch these.
public struct FleetTelemetry: Sendable {
    /// Where the fleet's events are logged, with structured metadata (`thing`, `mac`, `product`,
    /// `kind`, `code`, `fault`, …).
    public var logger: Logger
    /// Command received → the device's reported state published, per applied command.
    let commandLatency: CoreMetrics.Timer

    /// The metric label of the command latency histogram.
    public static let commandLatencyLabel = "hatch_fleet_command_latency_seconds"
    /// The metric label of the rejection counter (dimension `code`).
    public static let rejectionsLabel = "hatch_fleet_rejections_total"

    /// Creates the telemetry of one fleet; the instruments come from the `MetricsSystem` bootstrapped
    /// now (bootstrap before creating the fleet).
    public init(logger: Logger = FleetTelemetry.silentLogger) {
        self.logger = logger
        commandLatency = CoreMetrics.Timer(label: Self.commandLatencyLabel)
    }

    /// A logger that drops everything: the default, so a fleet in a test or a benchmark prints nothing.
    public static var silentLogger: Logger {
        Logger(label: "hatch.fleet", factory: { _ in SwiftLogNoOpLogHandler() })
    }

    /// Counts and logs a rejection the fleet published (the payload is AWS's `{code, message}`).
    func rejected(_ payload: Data, metadata: @autoclosure () -> Logger.Metadata) {
        let body = try? JSONValue(data: payload)
        let code = body?["code"]?.intValue ?? 0
        CoreMetrics.Counter(label: Self.rejectionsLabel, dimensions: [("code", String(code))]).increment()
        logger.info("request rejected: \(body?["message"]?.stringValue ?? "")", metadata: metadata().merging(["code": "\(code)"]) { $1 })
    }

    /// Records one applied command's latency.
    func commandApplied(after latency: Duration) {
        commandLatency.record(duration: latency)
    }
}
