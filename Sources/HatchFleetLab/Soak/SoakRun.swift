import Foundation
import HatchDeviceSimulator
import HatchMemberwiseInit
import HatchMosquittoBroker
import HatchMQTT
import HatchServiceSupport

/// A soak (`hatchctl fleet soak`): a generated fleet with looping routines on an accelerated clock
/// against a private mosquitto for a long time, sampling the resident memory of the fleet and of the
/// broker, to show that neither grows once warmed up.
@MemberwiseInit(.package)
package struct SoakRun {
    /// The report's settings: devices, minutes, speed, warm-up and threshold.
    package let plan: SoakReport
    /// Real seconds between samples.
    package let sampleEvery: Double
    /// Where the run reports its samples.
    package let progress: BenchProgress

    /// Starts the broker and the fleet, samples until the run's minutes have passed, stops the fleet
    /// and returns the concluded report. A broker that does not start is a typed error.
    package func run() async throws -> SoakReport {
        let devices = plan.devices
        let broker: MosquittoBroker
        do {
            broker = try await MosquittoBroker.start(options: .init(fileDescriptorLimit: devices * 2 + 4096))
        } catch {
            throw FleetLabError.brokerDidNotStart("\(error)")
        }
        defer { broker.stop() }
        let clock = SimulationClock(mode: .accelerated(speed: plan.speed), startTime: Date(timeIntervalSince1970: 1_767_600_000))
        let fleet = try Fleet(configuration: FleetConfiguration(
            definition: try BenchFleet.definition(count: devices, name: "soak", loopRoutine: true), broker: try MQTTBrokerURL(broker.url),
            clock: clock, connectConcurrency: 256, tickInterval: .milliseconds(50), controlTopics: false))
        try await progress.start(fleet, "connecting")
        progress.say("\(fleet.status().online)/\(devices) online at \(broker.url); soaking \(String(format: "%g", plan.minutes)) min")

        var report = plan
        let started = ContinuousClock.now
        let end = started + .milliseconds(Int(plan.minutes * 60_000))
        let warmUpEnd = plan.warmUpMinutes * 60
        var lastMessages = Self.totalMessages(fleet)
        var lastTime = started
        while true {
            let now = ContinuousClock.now
            let messages = Self.totalMessages(fleet)
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
        report.messages = Self.totalMessages(fleet)
        report.publishFailures = fleet.statistics.publishFailures.load(ordering: .relaxed)
        progress.say("stopping the fleet")
        await fleet.stop()
        report.conclude()
        return report
    }

    private static func totalMessages(_ fleet: Fleet) -> Int {
        fleet.statistics.messagesIn + fleet.statistics.messagesOut
    }
}
