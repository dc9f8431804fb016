extension FleetBenchReport {
    /// One round of `fleet bench --rounds`: the fleet's traffic phase and the ceiling's right after it.
    /// Alternating them several times shows how much of a share is the machine's load moving between
    /// phases, and the median round is a steadier figure than any one.
    package struct Round: Codable, Sendable, Equatable {
        package var fleetMessagesPerSecond: Double
        package var fleetAcceptedPerSecond: Double
        package var fleetCPUMicrosecondsPerMessage: Double
        package var fleetBrokerCPUMicrosecondsPerMessage: Double
        package var fleetBacklogMegabytes: Double
        package var fleetDrainSeconds: Double
        package var rawConnections: Int
        package var rawConnectionsMessagesPerSecond: Double
        package var rawConnectionsCPUMicrosecondsPerMessage: Double
        package var rawConnectionsBrokerCPUMicrosecondsPerMessage: Double
        package var rawConnectionsBacklogMegabytes: Double
        package var rawConnectionsDrainSeconds: Double
        package var ceilingShare: Double
        package var fleetCoresUsed: Double
        package var rawConnectionsCoresUsed: Double
        package var ceilingShareComparable: Bool
        package var averagePayloadBytes: Int
        package var publishFailures: Int

        /// The round's figures from a report that measured them.
        package init(_ report: FleetBenchReport) {
            fleetMessagesPerSecond = report.fleetMessagesPerSecond
            fleetAcceptedPerSecond = report.fleetAcceptedPerSecond
            fleetCPUMicrosecondsPerMessage = report.fleetCPUMicrosecondsPerMessage
            fleetBrokerCPUMicrosecondsPerMessage = report.fleetBrokerCPUMicrosecondsPerMessage
            fleetBacklogMegabytes = report.fleetBacklogMegabytes
            fleetDrainSeconds = report.fleetDrainSeconds
            rawConnections = report.rawConnections
            rawConnectionsMessagesPerSecond = report.rawConnectionsMessagesPerSecond
            rawConnectionsCPUMicrosecondsPerMessage = report.rawConnectionsCPUMicrosecondsPerMessage
            rawConnectionsBrokerCPUMicrosecondsPerMessage = report.rawConnectionsBrokerCPUMicrosecondsPerMessage
            rawConnectionsBacklogMegabytes = report.rawConnectionsBacklogMegabytes
            rawConnectionsDrainSeconds = report.rawConnectionsDrainSeconds
            ceilingShare = report.ceilingShare
            fleetCoresUsed = report.fleetCoresUsed
            rawConnectionsCoresUsed = report.rawConnectionsCoresUsed
            ceilingShareComparable = report.ceilingShareComparable
            averagePayloadBytes = report.averagePayloadBytes
            publishFailures = report.publishFailures
        }
    }

    /// Keeps `rounds` and takes the traffic and ceiling figures of the round with the median share
    /// (the lower of the two middle ones for an even count, so the report never rounds up). The
    /// average payload stays the first round's, the size the single-publisher baseline used.
    package mutating func adoptMedianRound(of rounds: [Round]) {
        self.rounds = rounds
        guard let median = rounds.sorted(by: { $0.ceilingShare < $1.ceilingShare }).dropFirst((rounds.count - 1) / 2).first else { return }
        fleetMessagesPerSecond = median.fleetMessagesPerSecond
        fleetAcceptedPerSecond = median.fleetAcceptedPerSecond
        fleetCPUMicrosecondsPerMessage = median.fleetCPUMicrosecondsPerMessage
        fleetBrokerCPUMicrosecondsPerMessage = median.fleetBrokerCPUMicrosecondsPerMessage
        fleetBacklogMegabytes = median.fleetBacklogMegabytes
        fleetDrainSeconds = median.fleetDrainSeconds
        rawConnections = median.rawConnections
        rawConnectionsMessagesPerSecond = median.rawConnectionsMessagesPerSecond
        rawConnectionsCPUMicrosecondsPerMessage = median.rawConnectionsCPUMicrosecondsPerMessage
        rawConnectionsBrokerCPUMicrosecondsPerMessage = median.rawConnectionsBrokerCPUMicrosecondsPerMessage
        rawConnectionsBacklogMegabytes = median.rawConnectionsBacklogMegabytes
        rawConnectionsDrainSeconds = median.rawConnectionsDrainSeconds
        ceilingShare = median.ceilingShare
        fleetCoresUsed = median.fleetCoresUsed
        rawConnectionsCoresUsed = median.rawConnectionsCoresUsed
        ceilingShareComparable = median.ceilingShareComparable
        publishFailures = median.publishFailures
    }

    /// The table row listing every round's share, when there was more than one (empty otherwise).
    package var roundsRow: String {
        guard rounds.count > 1 else { return "" }
        let shares = rounds.map { round in
            String(format: "%.0f %%", round.ceilingShare * 100) + (round.ceilingShareComparable ? "" : " ⚠️")
        }
        return "| fleet / ceiling in each of \(rounds.count) rounds (the figures here are the median round's) | \(shares.joined(separator: ", ")) | |\n"
    }
}
