import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import HatchMosquittoBroker
import HatchMQTT

/// The fleet the suite starts itself: a private mosquitto on a free loopback port and a simulated fleet
/// in this process on an accelerated clock. The devices keep their own MQTT connections and meet the
/// clients only on the broker; what this type adds is the simulator's control channel, which only a
/// fleet the suite owns has: jumping the clock, injecting faults and crashing the broker.
///
/// The fleet runs in process rather than as a `hatchctl fleet run` child: the suite then owns the clock
/// and the faults directly (no control protocol to keep in step), needs no separately built
/// executable, and starts a fresh fleet at a new simulated time for each scenario in about 0.1 s.
final class PrivateFleet: Sendable {
    /// Simulated seconds per real second.
    static let speed: Double = 60

    let broker: MosquittoBroker
    let clock: SimulationClock
    let fleet: Fleet
    let brokerURL: MQTTBrokerURL

    private init(broker: MosquittoBroker, clock: SimulationClock, fleet: Fleet, brokerURL: MQTTBrokerURL) {
        self.broker = broker
        self.clock = clock
        self.fleet = fleet
        self.brokerURL = brokerURL
    }

    /// Starts mosquitto and the fleet of `fleetFile` with its clock at `startTime`.
    static func start(fleetFile: URL, startTime: Date) async throws -> PrivateFleet {
        let broker = try await MosquittoBroker.start()
        do {
            let url = try MQTTBrokerURL(broker.url)
            let definition = try FleetDefinition.load(contentsOf: fleetFile)
            let clock = SimulationClock(mode: .accelerated(speed: speed), startTime: startTime)
            let fleet = try Fleet(configuration: FleetConfiguration(definition: definition, broker: url, clock: clock,
                                                                    tickInterval: .milliseconds(20), controlTopics: false))
            try await fleet.start()
            return PrivateFleet(broker: broker, clock: clock, fleet: fleet, brokerURL: url)
        } catch {
            broker.stop()
            throw error
        }
    }

    /// The devices, in fleet-file order.
    var devices: [HILDevice] {
        fleet.devices.map { HILDevice(name: $0.spec.profile.name, macAddress: $0.spec.profile.macAddress, product: $0.spec.profile.product) }
    }

    /// Stops the fleet and the broker.
    func stop() async {
        await fleet.stop()
        broker.stop()
    }

    /// Moves the fleet's clock forward by `seconds` of simulated time at once.
    func jumpClock(by seconds: TimeInterval) {
        clock.advance(by: seconds)
    }

    /// Injects `fault` into one device.
    func inject(_ fault: FaultKind, into device: HILDevice) async {
        await fleet.inject(FaultInjection(kind: fault, target: .devices([device.macAddress.rawValue])))
    }

    /// Kills mosquitto as a crash would (SIGKILL, no DISCONNECT to anyone), keeps it down for
    /// `downtime`, and starts it again on the same port.
    func crashBroker(downtime: Duration) async throws {
        broker.kill()
        try await Task.sleep(for: downtime)
        try await broker.restart()
    }
}
