import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import HatchMosquittoBroker
import HatchMQTT

/// A real mosquitto on a free loopback port, the sample household fleet on a manual simulation clock,
/// and one client MQTT session (the process's shared session, as the composition root makes it).
struct FleetHarness {
    let broker: MosquittoBroker
    let clock: SimulationClock
    let fleet: Fleet
    let session: MQTTSession

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Monday 5 January 2026, 05:50 in New York (the household's time zone).
    static let mondayMorning = Date(timeIntervalSince1970: 1_767_610_200)

    /// Starts the broker, the household fleet (devices/household.yaml) and the client session.
    static func start(startTime: Date = mondayMorning) async throws -> FleetHarness {
        let broker = try await MosquittoBroker.start()
        let url = try MQTTBrokerURL(broker.url)
        let definition = try FleetDefinition.load(contentsOf: packageRoot.appendingPathComponent("devices/household.yaml"))
        let clock = SimulationClock(mode: .manual, startTime: startTime)
        let fleet = try Fleet(configuration: FleetConfiguration(definition: definition, broker: url, clock: clock,
                                                                tickInterval: .milliseconds(20), controlTopics: false))
        try await fleet.start()
        let session = MQTTSession(configuration: MQTTConfiguration(broker: url, clientID: "feature-tests-\(UUID().uuidString)"))
        try await session.connect()
        return FleetHarness(broker: broker, clock: clock, fleet: fleet, session: session)
    }

    /// Stops the client session, the fleet and the broker.
    func stop() async {
        await session.disconnect()
        await fleet.stop()
        broker.stop()
    }

    /// A household device's MAC address and product.
    func device(_ name: String) -> (macAddress: MacAddress, product: HardwareProduct) {
        guard let device = fleet.device(name) else { preconditionFailure("the household has no device named \(name)") }
        return (device.spec.profile.macAddress, device.spec.profile.product)
    }

    /// Runs `body` with a started harness and always stops it.
    static func with(
        startTime: Date = mondayMorning, isolation: isolated (any Actor)? = #isolation,
        _ body: (FleetHarness) async throws -> Void
    ) async throws {
        let harness = try await start(startTime: startTime)
        do {
            try await body(harness)
        } catch {
            await harness.stop()
            throw error
        }
        await harness.stop()
    }
}

/// Reads a stream step by step, so a test acts only once the stream has shown its first value.
struct StreamReading<Element: Sendable> {
    private var iterator: AsyncStream<Element>.AsyncIterator
    /// Every value read so far, in order.
    private(set) var values: [Element] = []

    init(_ stream: AsyncStream<Element>) {
        iterator = stream.makeAsyncIterator()
    }

    /// Waits for the stream's first value: from then on the subscription is in place.
    mutating func first() async -> Element? {
        await until { !$0.isEmpty }.first
    }

    /// Reads on until `done` holds for the values so far, or the stream ends.
    mutating func until(_ done: ([Element]) -> Bool) async -> [Element] {
        while !done(values), let value = await iterator.next() {
            values.append(value)
        }
        return values
    }
}
