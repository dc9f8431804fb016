import Foundation
import HatchMQTT

/// The figures `fleet bench` measured, with the fleet's targets beside them.
package struct FleetBenchReport: Codable, Sendable {
    /// The simulated wall clock every traffic phase starts at (a Monday, 07:20 UTC).
    package static let simulatedStart: TimeInterval = 1_767_600_000

    package var devices: Int
    package var roundTripDevices: Int
    package var rate: Int
    package var seconds: Double
    package var speed: Double
    package var connected = 0
    package var connectSeconds = 0.0
    package var residentMegabytes = 0.0
    /// What each device added to the process's resident memory: from before the fleet was defined
    /// and built to every device online.
    package var residentBytesPerDevice = 0
    /// The process's resident memory before the fleet (code, runtime, event loop): paid once.
    package var residentMegabytesBeforeFleet = 0.0
    /// The whole process at 100,000 devices, from the two figures above.
    package var projectedGigabytesAt100000: Double {
        (residentMegabytesBeforeFleet * 1_048_576 + Double(residentBytesPerDevice) * 100_000) / 1_073_741_824
    }
    /// The whole process's resident memory per device, in KB.
    package var residentKilobytesPerDevice = 0.0
    /// The private broker's resident memory with every device connected.
    package var brokerResidentMegabytes = 0.0
    package var retainedMessagesAtConnect = 0
    /// Messages per second the broker read: from the first message until it had read the last (the
    /// devices stop when the traffic window closes, and the window lasts until the broker read what
    /// the kernel still held for it). Messages merely written ahead of the broker are not counted early.
    package var fleetMessagesPerSecond = 0.0
    /// Shadow requests (reports and gets) the fleet accepted per second in the same window.
    package var fleetAcceptedPerSecond = 0.0
    /// What the kernel held for the broker when the devices stopped, and how long the broker took to
    /// read it (part of the fleet's window).
    package var fleetBacklogMegabytes = 0.0
    package var fleetDrainSeconds = 0.0
    package var publishFailures = 0
    package var averagePayloadBytes = 256
    package var baselineMessagesPerSecond = 0.0
    /// CPU time per message of the bench process (the fleet) and of the broker, during the traffic window.
    package var fleetCPUMicrosecondsPerMessage = 0.0
    package var fleetBrokerCPUMicrosecondsPerMessage = 0.0
    /// The same for the raw publisher's window.
    package var baselineCPUMicrosecondsPerMessage = 0.0
    package var baselineBrokerCPUMicrosecondsPerMessage = 0.0
    /// The ceiling: as many raw libmosquitto connections as devices, replaying pre-encoded messages.
    package var rawConnections = 0
    package var rawConnectionsMessagesPerSecond = 0.0
    package var rawConnectionsCPUMicrosecondsPerMessage = 0.0
    package var rawConnectionsBrokerCPUMicrosecondsPerMessage = 0.0
    /// The same as ``fleetBacklogMegabytes`` and ``fleetDrainSeconds`` for the ceiling, measured the same way.
    package var rawConnectionsBacklogMegabytes = 0.0
    package var rawConnectionsDrainSeconds = 0.0
    /// Fleet traffic as a share of the ceiling: the cost of simulating (target ``FleetBenchTargets/ceilingShare``).
    package var ceilingShare = 0.0
    /// Processor cores the fleet's and the ceiling's phases kept busy (this process and the broker
    /// together). The share measures the cost of simulating only when both phases filled the same
    /// processors: a fleet too small to keep them busy, or other work during one phase, breaks that.
    package var fleetCoresUsed = 0.0
    package var rawConnectionsCoresUsed = 0.0
    /// Whether the two phases kept about as many cores busy (within 10 %), so the share can be trusted.
    package var ceilingShareComparable = true
    /// Each round's fleet and ceiling phases (`--rounds`); the traffic figures above are the median round's.
    package var rounds: [Round] = []
    /// Processor cores the fleet, the baseline and the broker shared.
    package var cores = ProcessInfo.processInfo.activeProcessorCount
    /// The nice value every phase ran at (`--nice`), and the broker's.
    package var nice: Int32 = 0
    package var brokerNice: Int32 = 0
    /// The traffic phase with the device and shadow-service roles in two processes (`--split`).
    package var split: SplitRoles?
    package var roundTrip = CommandRoundTrip.Result()

    package init(devices: Int, roundTripDevices: Int, rate: Int, seconds: Double, speed: Double) {
        self.devices = devices
        self.roundTripDevices = roundTripDevices
        self.rate = rate
        self.seconds = seconds
        self.speed = speed
    }

    private static func micros(_ value: Double) -> String { String(format: "%.1f µs", value) }

    /// The least share of the other phase's busy cores a phase may keep busy for the two to compare.
    package static let comparableCoreShare = 0.9

    /// Fills in the cores each phase kept busy and whether the fleet / ceiling share can be trusted.
    package mutating func assessPhases() {
        fleetCoresUsed = fleetMessagesPerSecond * (fleetCPUMicrosecondsPerMessage + fleetBrokerCPUMicrosecondsPerMessage) / 1_000_000
        rawConnectionsCoresUsed = rawConnectionsMessagesPerSecond
            * (rawConnectionsCPUMicrosecondsPerMessage + rawConnectionsBrokerCPUMicrosecondsPerMessage) / 1_000_000
        let busier = max(fleetCoresUsed, rawConnectionsCoresUsed)
        ceilingShareComparable = busier > 0 && min(fleetCoresUsed, rawConnectionsCoresUsed) >= Self.comparableCoreShare * busier
    }

    /// What to tell the user when the two phases did not keep the same processors busy.
    package var incomparablePhasesWarning: String? {
        guard !ceilingShareComparable else { return nil }
        return String(format: "the fleet's phase kept %.2f cores busy and the ceiling's %.2f, so the fleet / ceiling share does not measure the cost of simulating: either the fleet is too small to keep the processors busy (its devices report at their routine's pace) or other work took them during one phase. Compare the CPU per message instead, or run again with more devices or on a quieter machine",
                      fleetCoresUsed, rawConnectionsCoresUsed)
    }

    /// The raw N-connection ceiling as a share of the single raw publisher.
    package var ceilingRatio: Double { baselineMessagesPerSecond > 0 ? rawConnectionsMessagesPerSecond / baselineMessagesPerSecond : 0 }


    /// The connect target for this many devices (``FleetBenchTargets/connectSeconds(devices:)``).
    package var connectTargetSeconds: Double { FleetBenchTargets.connectSeconds(devices: devices) }


    /// Fleet traffic as a share of the raw libmosquitto baseline.
    package var trafficRatio: Double { baselineMessagesPerSecond > 0 ? fleetMessagesPerSecond / baselineMessagesPerSecond : 0 }

    package var table: String {
        func mark(_ ok: Bool) -> String { ok ? "✅" : "❌" }
        return """
            | measure | result | target |
            |---|---|---|
            | \(devices) devices connected with retained state | \(connected) in \(String(format: "%.2f", connectSeconds)) s \(mark(connected == devices && connectSeconds <= connectTargetSeconds)) | ≤ \(String(format: "%.0f", connectTargetSeconds)) s |
            | resident memory (whole process) | \(String(format: "%.0f", residentMegabytes)) MB, \(String(format: "%.1f", residentKilobytesPerDevice)) KB per device (\(residentBytesPerDevice) B added per device, \(String(format: "%.0f", residentMegabytesBeforeFleet)) MB before the fleet: \(String(format: "%.2f", projectedGigabytesAt100000)) GB at 100,000) \(mark(residentKilobytesPerDevice <= FleetBenchTargets.residentKilobytesPerDevice)) | \(FleetBenchTargets.atMost(FleetBenchTargets.residentKilobytesPerDevice, "KB per device")) |
            | broker resident memory, every device connected | \(String(format: "%.0f", brokerResidentMegabytes)) MB | |
            | sustained shadow traffic (routines at ×\(Int(speed))) | \(Int(fleetMessagesPerSecond)) msg/s, \(publishFailures) publish failures | |
            | raw libmosquitto publisher, \(averagePayloadBytes) B, same broker, same run | \(Int(baselineMessagesPerSecond)) msg/s | |
            | fleet / baseline | \(String(format: "%.0f", trafficRatio * 100)) % | |
            | CPU per message, fleet: simulator + broker (\(cores) cores shared; simulator at nice \(nice), broker at \(brokerNice)) | \(Self.micros(fleetCPUMicrosecondsPerMessage)) + \(Self.micros(fleetBrokerCPUMicrosecondsPerMessage)) | |
            | CPU per message, raw publisher + broker | \(Self.micros(baselineCPUMicrosecondsPerMessage)) + \(Self.micros(baselineBrokerCPUMicrosecondsPerMessage)) | |
            | ceiling: \(rawConnections) raw libmosquitto connections, pre-encoded, one thread | \(Int(rawConnectionsMessagesPerSecond)) msg/s (\(String(format: "%.0f", ceilingRatio * 100)) % of the single publisher); CPU \(Self.micros(rawConnectionsCPUMicrosecondsPerMessage)) + broker \(Self.micros(rawConnectionsBrokerCPUMicrosecondsPerMessage)) | |
            | written ahead of the broker when publishing stopped, fleet's phase / ceiling's (counted once read) | \(String(format: "%.0f MB read in %.2f s / %.0f MB in %.2f s", fleetBacklogMegabytes, fleetDrainSeconds, rawConnectionsBacklogMegabytes, rawConnectionsDrainSeconds)) | |
            | cores busy (this process + broker), fleet's phase / ceiling's | \(String(format: "%.2f / %.2f of %d", fleetCoresUsed, rawConnectionsCoresUsed, cores))\(ceilingShareComparable ? "" : " ⚠️ not comparable (see the warning)") | about equal |
            \(roundsRow)\(split?.rows ?? "")| fleet / ceiling (cost of simulating) | \(String(format: "%.0f", ceilingShare * 100)) %; CPU per message: fleet \(Self.micros(fleetCPUMicrosecondsPerMessage)), ceiling \(Self.micros(rawConnectionsCPUMicrosecondsPerMessage)), broker \(Self.micros(fleetBrokerCPUMicrosecondsPerMessage)) (fleet's) / \(Self.micros(rawConnectionsBrokerCPUMicrosecondsPerMessage)) (ceiling's) \(ceilingShareComparable ? mark(ceilingShare >= FleetBenchTargets.ceilingShare) : "⚠️") | ≥ \(Int(FleetBenchTargets.ceilingShare * 100)) % |
            | command → accepted (\(roundTripDevices) devices, \(rate)/s) | p50 \(roundTrip.acceptedP50Milliseconds) ms, p99 \(roundTrip.acceptedP99Milliseconds) ms | |
            | command → reported | p50 \(roundTrip.reportedP50Milliseconds) ms, p99 \(roundTrip.reportedP99Milliseconds) ms \(mark(roundTrip.reportedP99Milliseconds <= FleetBenchTargets.commandToReportedP99Milliseconds && roundTrip.completed > 0)) (\(roundTrip.completed)/\(roundTrip.commands) completed) | p99 \(FleetBenchTargets.atMost(FleetBenchTargets.commandToReportedP99Milliseconds, "ms")) |
            """
    }
}
