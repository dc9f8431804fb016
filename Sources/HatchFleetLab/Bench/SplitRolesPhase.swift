import Foundation
import HatchDeviceSimulator
import HatchMQTT
import HatchMosquittoBroker
import HatchServiceHTTP
import HatchServiceSupport

/// `fleet bench --split`: the traffic phase with the devices in this process and
/// `hatchctl shadow-service` in a child process, on the same broker, with the fused phase's devices,
/// routine and clock speed. The window opens with nothing waiting anywhere (the service has received
/// every request the devices sent, and the broker has read everything) and closes the same way once
/// the devices stop, so every request the window counts was answered inside it.
package struct SplitRolesPhase {
    /// The broker, and where the bench's phases run.
    package struct Setup {
        package var url: MQTTBrokerURL
        package var broker: MosquittoBroker
        package var devices: Int
        package var seconds: Double
        package var speed: Double
        package var nice: Int32
        /// Whether the service keeps its documents in a folder (the fused fleet here keeps none).
        package var serviceKeepsDocuments: Bool

        /// Creates the phases' shared setup.
        package init(
            url: MQTTBrokerURL,
            broker: MosquittoBroker,
            devices: Int,
            seconds: Double,
            speed: Double,
            nice: Int32,
            serviceKeepsDocuments: Bool
        ) {
            self.url = url
            self.broker = broker
            self.devices = devices
            self.seconds = seconds
            self.speed = speed
            self.nice = nice
            self.serviceKeepsDocuments = serviceKeepsDocuments
        }
    }

    package let setup: Setup
    package let progress: BenchProgress

    /// Creates the `fleet bench --split` phase.
    package init(setup: Setup, progress: BenchProgress) {
        self.setup = setup
        self.progress = progress
    }

    /// How long the bench waits for the service to receive every request the devices sent.
    package static let catchUpLimit = Duration.seconds(120)

    /// Runs the phase and compares it with the fused phase's figures in `fused`.
    package func measure(fused: FleetBenchReport) async throws -> FleetBenchReport.SplitRoles {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("hatch-bench-split-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let origin = Date()
        let startTime = Date(timeIntervalSince1970: FleetBenchReport.simulatedStart)
        let service = try await ShadowServiceChild.launch(.init(broker: setup.url.description, workDirectory: work,
                                                                 clock: ChildClock(speed: setup.speed, startTime: startTime, origin: origin), nice: setup.nice,
                                                                 keepsDocuments: setup.serviceKeepsDocuments))
        defer { service.stop() }
        progress.say("split: shadow service in process \(service.processIdentifier), metrics at 127.0.0.1:\(service.metricsPort), "
                     + (setup.serviceKeepsDocuments ? "documents saved in a folder" : "documents in memory, as the fused fleet keeps them here"))

        var split = FleetBenchReport.SplitRoles()
        split.serviceKeepsDocuments = setup.serviceKeepsDocuments
        var configuration = FleetConfiguration(
            definition: try BenchFleet.definition(count: setup.devices, name: "bench", loopRoutine: true), broker: setup.url,
            clock: SimulationClock(mode: .accelerated(speed: setup.speed), startTime: startTime, origin: origin),
            connectConcurrency: 512, tickInterval: .milliseconds(50), controlTopics: false, shadowService: .external)
        configuration.sourceAddresses = FleetConfiguration.loopbackSourceAddresses(for: setup.devices, block: 3)
        let fleet = try Fleet(configuration: configuration)
        split.connectSeconds = try await progress.start(fleet, "connecting devices (split)", timed: true)
        split.connected = fleet.status().online
        progress.say(String(format: "split: %d/%d devices online in %.2f s", split.connected, setup.devices, split.connectSeconds))

        try await Task.sleep(for: .seconds(1))
        progress.say("split: every device loops its routine at ×\(Int(setup.speed)) for \(setup.seconds) s")
        var unanswered = 0
        let (window, opened) = try await BenchTrafficWindow.run(fleet: fleet, brokerPort: setup.broker.port, seconds: setup.seconds) {
            unanswered = try await catchUp(service, fleet)
        } opening: {
            (counts: try await Counts(fleet: fleet, service: service), cpu: ProcessCPUTime.Window(brokerProcess: setup.broker.processIdentifier),
             serviceCPU: ProcessCPUTime.seconds(of: service.processIdentifier))
        }
        let before = opened.counts, cpu = opened.cpu
        let after = try await Counts(fleet: fleet, service: service)
        let elapsed = window.seconds
        let accepted = after.accepted - before.accepted
        let perAccepted = { (seconds: Double) in accepted > 0 ? seconds * 1_000_000 / Double(accepted) : 0 }
        (split.deviceCPUMicrosecondsPerAccepted, split.brokerCPUMicrosecondsPerAccepted) = cpu.perMessage(accepted)
        split.serviceCPUMicrosecondsPerAccepted = perAccepted(ProcessCPUTime.seconds(of: service.processIdentifier) - opened.serviceCPU)
        split.deviceRequestsPerSecond = Double(after.requestsSent - before.requestsSent) / elapsed
        split.serviceRepliesPerSecond = Double(after.replies - before.replies) / elapsed
        split.acceptedPerSecond = Double(accepted) / elapsed
        split.unansweredRequests = unanswered
        split.serviceCatchUpSeconds = (window.settled - window.held).seconds
        split.drainSeconds = (window.end - window.settled).seconds
        split.backlogMegabytes = window.backlogMegabytes
        split.serviceResidentMegabytes = ProcessResources.residentMemoryBytes(of: service.processIdentifier).map { Double($0) / 1_048_576 } ?? 0
        split.things = Int(after.samples["hatch_shadow_service_things"] ?? 0)
        split.serviceDocumentsSavedPerSecond = ((after.samples["hatch_shadow_service_documents_saved_total"] ?? 0)
            - (before.samples["hatch_shadow_service_documents_saved_total"] ?? 0)) / elapsed
        split.fusedAcceptedPerSecond = fused.fleetAcceptedPerSecond
        if fused.fleetAcceptedPerSecond > 0 {
            // The fused phase's CPU per message, over its accepted requests instead of its messages.
            let messagesPerAccepted = fused.fleetMessagesPerSecond / fused.fleetAcceptedPerSecond
            split.fusedCPUMicrosecondsPerAccepted = fused.fleetCPUMicrosecondsPerMessage * messagesPerAccepted
            split.fusedBrokerCPUMicrosecondsPerAccepted = fused.fleetBrokerCPUMicrosecondsPerMessage * messagesPerAccepted
        }
        progress.say(String(format: "split: %.0f accepted/s (fused %.0f); service caught up %.2f s after the devices stopped, %d requests unanswered",
                            split.acceptedPerSecond, split.fusedAcceptedPerSecond, split.serviceCatchUpSeconds, unanswered))
        progress.say("stopping \(setup.devices) devices and the shadow service")
        await fleet.stop()
        return split
    }

    /// Waits until the service has received every shadow request the devices published, at most
    /// ``catchUpLimit``; returns how many it still had not (0 when it caught up).
    private func catchUp(_ service: ShadowServiceChild, _ fleet: Fleet) async throws -> Int {
        let deadline = ContinuousClock.now + Self.catchUpLimit
        while true {
            let sent = Counts.requests(fleet)
            let received = Int(try await service.samples(patience: .seconds(60)).total("hatch_shadow_service_requests_total"))
            if received >= sent || ContinuousClock.now >= deadline { return max(0, sent - received) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The devices' and the service's counters at one moment.
    private struct Counts {
        var requestsSent: Int
        var replies: Int
        var accepted: Int
        var samples: PrometheusSamples

        init(fleet: Fleet, service: ShadowServiceChild) async throws {
            requestsSent = Self.requests(fleet)
            samples = try await service.samples(patience: .seconds(60))
            replies = Int(samples.total("hatch_shadow_service_replies_total"))
            accepted = Int(samples["hatch_shadow_service_replies_total{kind=\"accepted\"}"] ?? 0)
        }

        /// Shadow requests the devices published so far.
        static func requests(_ fleet: Fleet) -> Int {
            let published = fleet.statistics.published
            return published.count(.shadowUpdate) + published.count(.shadowGet) + published.count(.shadowDelete)
        }
    }
}
