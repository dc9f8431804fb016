import Foundation
import HatchDeviceModel
import HatchMosquittoBroker
import HatchMQTT
import HatchctlTestSupport
import Synchronization
import Testing
@testable import HatchDeviceSimulator

/// The two roles apart on a plain mosquitto when they do not start together: every product's
/// firmware (`ShadowServiceMode.external`) comes up first and reports to nobody, and the shadow
/// service starts later, then restarts mid-run. Firmware asks for its shadow until answered and then
/// reports whatever the document lacks or has wrong; the service keeps its documents across the
/// restart and answers the commands its persistent session held meanwhile, each exactly once.
@Suite("shadow documents heal when the shadow service starts late or restarts", .serialized, .timeLimit(.minutes(4)))
struct ShadowHealingTests {
    static let allProducts = FleetFileTests.devicesFolder.appendingPathComponent("all-products.yaml")

    /// How soon after the service is up each document must be complete: what the suite promises.
    static let promise = Duration.seconds(5)

    /// Local times (America/New_York, as the fleet file sets) across the day's situations: a quiet
    /// night, sunrises leading into the 06:30 and 06:45 alarms, and the evening's toddler-lock window.
    static let startTimes: [(label: String, date: Date)] = [
        ("03:00 quiet", EngineFixtures.monday0600.addingTimeInterval(2 * 3600)),
        ("06:40 sunrise and alarm", EngineFixtures.monday0600.addingTimeInterval(5 * 3600 + 40 * 60)),
        ("21:00 toddler lock", EngineFixtures.monday0600.addingTimeInterval(20 * 3600)),
    ]

    @Test("started 5 s after the fleet, and restarted with commands waiting: every document complete within 5 s, 0 commands lost or applied twice",
          arguments: startTimes.map(\.label))
    func lateStartAndRestart(at label: String) async throws {
        let start = try #require(Self.startTimes.first { $0.label == label }?.date)
        let broker = try await MosquittoBroker.start()
        defer { broker.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hatch-heal-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = SimulationClock(mode: .manual, startTime: start)
        let definition = try FleetDefinition.load(contentsOf: Self.allProducts)
        let fleet = try Fleet(configuration: FleetConfiguration(
            definition: definition, broker: try MQTTBrokerURL(broker.url), clock: clock, tickInterval: .milliseconds(20),
            controlTopics: false, shadowService: .external))
        let configuration = ShadowServiceConfiguration(broker: try MQTTBrokerURL(broker.url), clientID: "hatch-heal-test",
                                                       stateDirectory: folder, now: { clock.now })
        let controller = MQTTSession(configuration: MQTTConfiguration(broker: try MQTTBrokerURL(broker.url), clientID: "hatch-heal-controller"))
        var service: ShadowService?
        do {
            try await fleet.start()
            // The devices report and ask for their shadows while nobody answers.
            try await Task.sleep(for: .seconds(5))
            let first = try ShadowService(configuration: configuration)
            service = first
            try await first.start()
            let healed = try await Self.complete(fleet, served: first, since: ContinuousClock.now)
            #expect(healed <= Self.promise, "the documents were complete \(healed) after the service was up")

            // Simulated time moves on while the service answers: reports keep the documents whole.
            try await Self.advance(clock, by: 120, fleet: fleet)
            _ = try await Self.complete(fleet, served: first, since: ContinuousClock.now)

            // Mid-run restart: commands sent while it is down wait in its session on the broker.
            try await controller.connect()
            let accepted = Mutex<[String: Int]>([:])
            let replies = try await controller.subscribe("$aws/things/+/shadow/update/accepted")
            let listener = Task {
                for await message in replies {
                    guard let token = (try? JSONValue(data: message.payload))?["clientToken"]?.stringValue else { continue }
                    accepted.withLock { $0[token, default: 0] += 1 }
                }
            }
            defer { listener.cancel() }
            await first.stop()
            service = nil
            // The devices report (signal strength, schedules, sunrises) while nobody answers.
            try await Self.advance(clock, by: 180, fleet: fleet)
            var volumes: [ThingName: Int] = [:]
            for (index, device) in fleet.devices.enumerated() {
                let volume = 10_000 + 1_000 * index
                volumes[device.thingName] = volume
                let request = DeviceAction.setVolume(volume).updateRequest(for: device.spec.profile.product, clientToken: "heal-\(index)")
                try await controller.publish(Topics.Shadow(device.thingName).update, payload: request.jsonData, qos: .atLeastOnce)
            }
            let second = try ShadowService(configuration: configuration)
            service = second
            #expect(second.thingCount == fleet.devices.count, "the restarted service lost documents: \(second.thingCount)")
            try await second.start()
            let restarted = ContinuousClock.now
            for device in fleet.devices {
                let volume = try #require(volumes[device.thingName])
                _ = try await eventually("\(device.thingName) at volume \(volume)", within: .seconds(30),
                                         describe: { "\(await device.reportedState.current.sound.v)" }) {
                    await device.reportedState.current.sound.v == volume ? true : nil
                }
            }
            let rehealed = try await Self.complete(fleet, served: second, since: restarted)
            #expect(rehealed <= Self.promise, "after the restart the documents were complete \(rehealed) after the service was up")
            let counts = try await eventually("an /update/accepted for every command", within: .seconds(30),
                                              describe: { "\(accepted.withLock { $0 })" }) {
                let seen = accepted.withLock { $0 }
                return (0..<fleet.devices.count).allSatisfy { seen["heal-\($0)"] != nil } ? seen : nil
            }
            let twice = counts.filter { $0.key.hasPrefix("heal-") && $0.value != 1 }
            #expect(twice.isEmpty, "commands answered more than once: \(twice)")
        } catch {
            await service?.stop()
            await controller.disconnect()
            await fleet.stop()
            throw error
        }
        await service?.stop()
        await controller.disconnect()
        await fleet.stop()
    }

    /// Moves simulated time on and waits until the fleet's scheduler has run every device through it twice.
    static func advance(_ clock: SimulationClock, by seconds: TimeInterval, fleet: Fleet) async throws {
        clock.advance(by: seconds)
        let passes = fleet.completedSchedulerPasses
        _ = try await eventually("two scheduler passes after the clock moved", within: .seconds(30)) {
            fleet.completedSchedulerPasses >= passes + 2 ? true : nil
        }
    }

    /// Waits until the service's document of every device holds the device's whole reported state
    /// (firmware version, `connected: true` and every section its product reports, with the
    /// device's values); returns how long after `since` that was.
    static func complete(_ fleet: Fleet, served service: ShadowService, since: ContinuousClock.Instant) async throws -> Duration {
        for device in fleet.devices {
            _ = try await eventually("complete document of \(device.thingName)", within: .seconds(30),
                                     describe: { await mismatch(device, served: service) ?? "" }) {
                await mismatch(device, served: service) == nil ? true : nil
            }
        }
        return ContinuousClock.now - since
    }

    /// What the service's document of `device` lacks or has wrong, or `nil` when it matches the device.
    static func mismatch(_ device: SimulatedDevice, served service: ShadowService) async -> String? {
        let state = await device.reportedState
        guard let reported = await service.document(of: device.thingName)?.reported else { return "no reported state" }
        guard case .object(let fields) = state.jsonValue else { return "the device's state is not an object" }
        if fields["deviceInfo"] != nil, reported["deviceInfo"]?["f"]?.stringValue?.isEmpty != false {
            return "no firmware version in \(reported)"
        }
        guard reported["connected"] == .bool(true) else { return "connected is \(String(describing: reported["connected"]))" }
        for (key, value) in fields where reported[key] != value {
            return "\(key) is \(String(describing: reported[key])), the device reports \(value)"
        }
        return nil
    }
}
