import Foundation
import HatchDeviceSimulator
import HatchMosquittoBroker
import HatchMQTT
import HatchServiceSupport

/// The fleet's performance figures on a private mosquitto (`hatchctl fleet bench`), with raw
/// libmosquitto clients measured against the same broker in the same run as baseline and ceiling.
///
/// 1. connect: N devices (own connection and last will each) until all are online with retained state;
///    time and resident memory.
/// 2. traffic: every device loops an accelerated routine (from connect on, as `devices/load-10k.yaml`
///    does); fleet messages per second vs the baseline (one raw libmosquitto publisher) and vs a
///    ceiling (as many raw libmosquitto connections as devices, replaying pre-encoded messages),
///    with the CPU each side and the broker spent per message.
/// 3. with ``split``: the traffic phase again with the devices alone and `hatchctl shadow-service`
///    in a child process (``SplitRolesPhase``), the CPU of each role per accepted request beside the fused phase's.
/// 4. round trip: M devices, commands at a fixed rate; desired → accepted and desired → reported, p50/p99.
package struct FleetBench {
    /// What to measure: devices, round-trip devices, rate, seconds and speed (a report without figures).
    package let plan: FleetBenchReport
    /// Where the phases report what they do.
    package let progress: BenchProgress
    /// Times the fleet's and the ceiling's traffic phases alternate; the median round is reported.
    package var rounds = 1
    /// Whether to measure the traffic phase again with the roles split.
    package var split = false
    /// Whether the split phase's shadow service saves its documents in a folder.
    package var splitKeepsDocuments = false

    /// A bench of one round, without the split phase, that reports its progress to `progress`.
    package init(plan: FleetBenchReport, progress: BenchProgress) {
        self.plan = plan
        self.progress = progress
    }

    /// Runs every phase and returns the report. `lowerPriority` is called once the private broker has
    /// started (it keeps its own priority) and before any phase, and returns the nice value in force.
    package func run(lowerPriority: () -> Int32) async throws -> FleetBenchReport {
        // One socket per device (the fleet, then the ceiling's clients, never both at once), and as
        // many in the broker; a few hundred more for everything else.
        let descriptors = max(plan.devices, plan.roundTripDevices) + 512
        do {
            try FileDescriptorLimit.require(descriptors)
        } catch {
            let processes = ShardedConnectPhase.processesNeeded(devices: max(plan.devices, plan.roundTripDevices), hardLimit: FileDescriptorLimit.current.hard)
            throw FleetLabError.tooFewFileDescriptors("\(error). To measure connecting and memory at this size within the limit, "
                + "split the fleet over processes and brokers: --shards \(processes) --brokers \(processes).")
        }
        let broker = try await MosquittoBroker.start(options: .init(maxConnections: -1, fileDescriptorLimit: descriptors))
        defer { broker.stop() }
        let url = try MQTTBrokerURL(broker.url)
        progress.say("private mosquitto at \(broker.url)")

        var report = plan
        // After the broker started (it keeps its own priority), before any phase: the fleet, the
        // baseline and the ceiling all run at the same priority.
        report.nice = lowerPriority()
        report.brokerNice = broker.processIdentifier.flatMap(SchedulingPriority.nice(of:)) ?? 0
        progress.say("simulator at nice \(report.nice), broker at \(report.brokerNice)")
        var measuredRounds: [FleetBenchReport.Round] = []
        for round in 1...rounds {
            if rounds > 1 { progress.say("round \(round) of \(rounds)") }
            // The first round's connect and memory figures are the report's (a fresh process); every
            // round measures the fleet's traffic and then the ceiling's.
            var measured = report
            try await measureConnectAndTraffic(url: url, broker: broker, report: &measured)
            if round == 1 {
                report = measured
                try measureBaseline(port: broker.port, brokerProcess: broker.processIdentifier, report: &report)
            }
            measureCeiling(port: broker.port, brokerProcess: broker.processIdentifier, report: &measured)
            measured.assessPhases()
            if let warning = measured.incomparablePhasesWarning { progress.say("warning: \(warning)") }
            measuredRounds.append(FleetBenchReport.Round(measured))
            if rounds > 1 { progress.say(String(format: "round %d: fleet / ceiling %.0f %%", round, measured.ceilingShare * 100)) }
            // The broker closes the ceiling's connections before the next round's devices connect.
            if round < rounds { _ = await ProcessCPUTime.settle(broker.processIdentifier) }
        }
        report.adoptMedianRound(of: measuredRounds)
        if split {
            _ = await ProcessCPUTime.settle(broker.processIdentifier)
            let phase = SplitRolesPhase(setup: .init(url: url, broker: broker, devices: plan.devices, seconds: plan.seconds, speed: plan.speed,
                                                       nice: report.nice,
                                                       serviceKeepsDocuments: splitKeepsDocuments),
                                        progress: progress)
            report.split = try await phase.measure(fused: report)
        }
        let settled = await ProcessCPUTime.settle(broker.processIdentifier)
        progress.say(String(format: "broker settled after the ceiling's connections closed (%.1f s)", settled))
        try await measureRoundTrip(url: url, report: &report)

        return report
    }

    /// One plain libmosquitto client publishing messages of the fleet's average size as fast as it can.
    private func measureBaseline(port: Int, brokerProcess: Int32?, report: inout FleetBenchReport) throws {
        progress.say("baseline: raw libmosquitto publisher for \(plan.seconds) s")
        let baselineCPU = ProcessCPUTime.Window(brokerProcess: brokerProcess)
        let baseline = try RawPublisherBaseline.run(host: "127.0.0.1", port: port, seconds: plan.seconds, payloadSize: report.averagePayloadBytes)
        report.baselineMessagesPerSecond = Double(baseline.messages) / baseline.seconds
        (report.baselineCPUMicrosecondsPerMessage, report.baselineBrokerCPUMicrosecondsPerMessage) = baselineCPU.perMessage(baseline.messages)
    }

    /// As many raw libmosquitto connections as devices replaying pre-encoded messages of the fleet's
    /// average size, and the fleet's traffic as a share of theirs.
    private func measureCeiling(port: Int, brokerProcess: Int32?, report: inout FleetBenchReport) {
        progress.say("ceiling: \(plan.devices) raw libmosquitto connections replaying pre-encoded messages for \(plan.seconds) s")
        let raw = RawConnectionsBaseline.run(host: "127.0.0.1", port: port, connections: plan.devices, seconds: plan.seconds,
                                             payloadSize: report.averagePayloadBytes,
                                             sourceAddresses: FleetConfiguration.loopbackSourceAddresses(for: plan.devices, block: 2),
                                             brokerProcess: brokerProcess) {
            progress.bar("connecting raw clients", $0, of: plan.devices)
        }
        report.rawConnections = raw.connected
        if let failure = raw.failure { progress.say("ceiling: \(failure); measuring with \(raw.connected) connections") }
        report.rawConnectionsMessagesPerSecond = raw.seconds > 0 ? Double(raw.messages) / raw.seconds : 0
        (report.rawConnectionsCPUMicrosecondsPerMessage, report.rawConnectionsBrokerCPUMicrosecondsPerMessage) = raw.cpu
        report.rawConnectionsBacklogMegabytes = Double(raw.backlogBytes) / 1_048_576
        report.rawConnectionsDrainSeconds = raw.drainSeconds
        progress.say(String(format: "ceiling: %.0f msg/s; %.0f MB waited for the broker when publishing stopped, read in %.2f s",
                            report.rawConnectionsMessagesPerSecond, report.rawConnectionsBacklogMegabytes, raw.drainSeconds))
        report.ceilingShare = report.rawConnectionsMessagesPerSecond > 0 ? report.fleetMessagesPerSecond / report.rawConnectionsMessagesPerSecond : 0
    }

    private func measureConnectAndTraffic(url: MQTTBrokerURL, broker: MosquittoBroker, report: inout FleetBenchReport) async throws {
        let residentBefore = ProcessResources.residentMemoryBytes
        let clock = SimulationClock(mode: .accelerated(speed: plan.speed), startTime: Date(timeIntervalSince1970: FleetBenchReport.simulatedStart))
        var configuration = FleetConfiguration(
            definition: try BenchFleet.definition(count: plan.devices, name: "bench", loopRoutine: true), broker: url, clock: clock,
            // A connect in flight holds its retained records and first report until the broker has
            // them (about 25 KB); more at once connect no faster here and leave that much more freed
            // memory in the heap (512: about 10 MB more resident at 10,000 devices).
            connectConcurrency: 128, tickInterval: .milliseconds(50), controlTopics: false)
        configuration.sourceAddresses = FleetConfiguration.loopbackSourceAddresses(for: plan.devices, block: 1)
        let fleet = try Fleet(configuration: configuration)
        report.connectSeconds = try await progress.start(fleet, "connecting", timed: true)
        report.connected = fleet.status().online
        let resident = ProcessResources.residentMemoryBytes
        report.residentMegabytes = Double(resident) / 1_048_576
        report.residentBytesPerDevice = max(0, resident - residentBefore) / max(1, plan.devices)
        report.residentMegabytesBeforeFleet = Double(residentBefore) / 1_048_576
        report.residentKilobytesPerDevice = Double(resident) / 1024 / Double(plan.devices)
        report.brokerResidentMegabytes = broker.processIdentifier.flatMap(ProcessResources.residentMemoryBytes(of:)).map { Double($0) / 1_048_576 } ?? 0
        report.retainedMessagesAtConnect = fleet.statistics.messagesOut
        progress.say(String(format: "%d/%d online in %.2f s; fleet %.0f MB resident (%.1f KB per device), broker %.0f MB", report.connected, plan.devices,
                            report.connectSeconds, report.residentMegabytes, report.residentKilobytesPerDevice, report.brokerResidentMegabytes))

        try await Task.sleep(for: .seconds(1))
        progress.say("traffic: every device loops its routine at ×\(Int(plan.speed)) for \(plan.seconds) s")
        let statistics = fleet.statistics
        let (window, before) = try await BenchTrafficWindow.run(fleet: fleet, brokerPort: broker.port, seconds: plan.seconds) {
            (out: statistics.messagesOut, accepted: statistics.published.count(.accepted), bytes: statistics.bytesOut.load(ordering: .relaxed),
             cpu: ProcessCPUTime.Window(brokerProcess: broker.processIdentifier))
        }
        let elapsed = window.seconds
        let messages = statistics.messagesOut - before.out
        (report.fleetCPUMicrosecondsPerMessage, report.fleetBrokerCPUMicrosecondsPerMessage) = before.cpu.perMessage(messages)
        report.fleetMessagesPerSecond = Double(messages) / elapsed
        report.fleetAcceptedPerSecond = Double(statistics.published.count(.accepted) - before.accepted) / elapsed
        report.fleetBacklogMegabytes = window.backlogMegabytes
        report.fleetDrainSeconds = (window.end - window.held).seconds
        report.publishFailures = statistics.publishFailures.load(ordering: .relaxed)
        report.averagePayloadBytes = (statistics.bytesOut.load(ordering: .relaxed) - before.bytes) / max(1, messages)
        progress.say(String(format: "fleet: %.0f msg/s (average payload %d B); %.0f MB waited for the broker when the devices stopped, read in %.2f s",
                            report.fleetMessagesPerSecond, report.averagePayloadBytes, report.fleetBacklogMegabytes, report.fleetDrainSeconds))
        progress.say("stopping \(plan.devices) devices")
        await fleet.stop()
    }

    private func measureRoundTrip(url: MQTTBrokerURL, report: inout FleetBenchReport) async throws {
        let fleet = try Fleet(configuration: FleetConfiguration(
            definition: try BenchFleet.definition(count: plan.roundTripDevices, name: "bench-rtt", macPrefix: "02:4D:00"), broker: url,
            clock: SimulationClock(mode: .realTime), connectConcurrency: 256, controlTopics: false))
        try await progress.start(fleet, "connecting round-trip fleet")
        progress.say("round trip: \(plan.rate) commands/s to \(plan.roundTripDevices) devices for \(plan.seconds) s")
        let result = try await CommandRoundTrip.measure(
            broker: url, things: fleet.devices.map(\.thingName), rate: plan.rate, seconds: plan.seconds)
        report.roundTrip = result
        await fleet.stop()
    }
}
