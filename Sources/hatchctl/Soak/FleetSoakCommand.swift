import ArgumentParser
import Foundation
import HatchDeviceSimulator
import HatchFleetLab
import HatchMQTT
import HatchMosquittoBroker
import HatchServiceSupport

/// `hatchctl fleet soak`: a generated fleet with looping routines on an accelerated clock for a long
/// time, sampling the resident memory of the fleet and of the broker, to show that neither grows
/// once warmed up.
struct FleetSoakCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Run a fleet for a long time and sample the fleet's and the broker's resident memory.",
        discussion: "Prints memory at start, after the warm-up and at the end, and the growth after the warm-up; exits with status 1 when it exceeds --threshold."
    )

    @Option(name: .long, help: "Devices of the generated fleet (each loops an accelerated routine).")
    var devices = 2000

    @Option(name: .long, help: "Real minutes to run.")
    var minutes: Double = 30

    @Option(name: .long, help: "Simulated seconds per real second.")
    var speed: Double = 60

    @Option(name: .long, help: ArgumentHelp("Real minutes before the baseline sample.", valueName: "minutes"))
    var warmUp: Double = 5

    @Option(name: .long, help: ArgumentHelp("Seconds between samples.", valueName: "seconds"))
    var sampleEvery: Double = 10

    @Option(name: .long, help: ArgumentHelp("Growth after warm-up, in percent, that flags the run.", valueName: "percent"))
    var threshold: Double = 10

    @Flag(name: .long, help: "Print the summary as JSON (with every sample).")
    var json = false

    func validate() throws {
        guard devices > 0, minutes > 0, speed > 0, sampleEvery > 0, threshold > 0 else {
            throw ValidationError("--devices, --minutes, --speed, --sample-every and --threshold must be greater than 0.")
        }
        guard warmUp >= 0, warmUp < minutes else { throw ValidationError("--warm-up must be at least 0 and shorter than --minutes.") }
    }

    func run() async throws {
        let console = Console(json: json)
        let progress = BenchProgress(quiet: false, prefix: "soak")
        let broker: MosquittoBroker
        do {
            broker = try await MosquittoBroker.start(options: .init(fileDescriptorLimit: devices * 2 + 4096))
        } catch {
            let failure = HatchctlError.brokerUnreachable(url: "private mosquitto", reason: "\(error)")
            console.report(failure)
            throw ExitCode(failure.exitStatus)
        }
        defer { broker.stop() }
        let clock = SimulationClock(mode: .accelerated(speed: speed), startTime: Date(timeIntervalSince1970: 1_767_600_000))
        let fleet = try Fleet(configuration: FleetConfiguration(
            definition: try BenchFleet.definition(count: devices, name: "soak", loopRoutine: true), broker: try MQTTBrokerURL(broker.url),
            clock: clock, connectConcurrency: 256, tickInterval: .milliseconds(50), controlTopics: false))
        try await fleet.start { progress.bar("connecting", $0.connected + $0.failed, of: $0.total) }
        progress.say("\(fleet.status().online)/\(devices) online at \(broker.url); soaking \(String(format: "%g", minutes)) min")

        var report = SoakReport(devices: devices, minutes: minutes, speed: speed, warmUpMinutes: warmUp, thresholdPercent: threshold)
        let started = ContinuousClock.now
        let end = started + .milliseconds(Int(minutes * 60_000))
        let warmUpEnd = warmUp * 60
        var lastMessages = totalMessages(fleet)
        var lastTime = started
        while true {
            let now = ContinuousClock.now
            let messages = totalMessages(fleet)
            let sample = SoakSample(
                seconds: (now - started).seconds,
                fleetMegabytes: Double(ProcessResources.residentMemoryBytes) / 1_048_576,
                brokerMegabytes: broker.processIdentifier.flatMap(ProcessResources.residentMemoryBytes(of:)).map { Double($0) / 1_048_576 },
                online: fleet.status().online,
                messagesPerSecond: now > lastTime ? Double(messages - lastMessages) / (now - lastTime).seconds : 0)
            (lastMessages, lastTime) = (messages, now)
            report.samples.append(sample)
            if report.start == nil { report.start = sample }
            if report.afterWarmUp == nil, sample.seconds >= warmUpEnd { report.afterWarmUp = sample }
            progress.say(sample.line)
            if now >= end { break }
            try await Task.sleep(for: min(.milliseconds(Int(sampleEvery * 1000)), end - ContinuousClock.now))
        }
        report.end = report.samples.last
        report.messages = totalMessages(fleet)
        report.publishFailures = fleet.statistics.publishFailures.load(ordering: .relaxed)
        progress.say("stopping the fleet")
        await fleet.stop()
        report.conclude()
        console.emit(report) { report.text }
        if !report.flags.isEmpty { throw ExitCode.failure }
    }

    private func totalMessages(_ fleet: Fleet) -> Int {
        fleet.statistics.messagesIn + fleet.statistics.messagesOut
    }
}
