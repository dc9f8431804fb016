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
///
/// With `HATCH_HIL_SHADOW_SERVICE=external` the two roles run apart: the devices run their firmware
/// only, and a ``ShadowService`` on its own MQTT connection (on the fleet's clock) answers every shadow
/// request, as AWS IoT Core or `hatchctl shadow-service` would.
final class PrivateFleet: Sendable {
    /// Simulated seconds per real second.
    static let speed: Double = 60

    /// The environment variable that runs the roles apart (`external`); `internal` or unset fuses them.
    static let shadowServiceKey = "HATCH_HIL_SHADOW_SERVICE"

    /// Who answers the devices' shadow requests, from ``shadowServiceKey``.
    static var shadowService: ShadowServiceMode {
        ProcessInfo.processInfo.environment[shadowServiceKey].flatMap { ShadowServiceMode(rawValue: $0.lowercased()) } ?? .internal
    }

    let broker: MosquittoBroker
    let clock: SimulationClock
    let fleet: Fleet
    let brokerURL: MQTTBrokerURL
    /// The shadow service beside the devices, with an external shadow service.
    let shadows: ShadowService?

    private init(broker: MosquittoBroker, clock: SimulationClock, fleet: Fleet, brokerURL: MQTTBrokerURL, shadows: ShadowService?) {
        self.broker = broker
        self.clock = clock
        self.fleet = fleet
        self.brokerURL = brokerURL
        self.shadows = shadows
    }

    /// Starts mosquitto, the shadow service when the roles run apart, and the fleet of `fleetFile`
    /// with its clock at `startTime`.
    static func start(fleetFile: URL, startTime: Date) async throws -> PrivateFleet {
        let broker = try await MosquittoBroker.start()
        var shadows: ShadowService?
        do {
            let url = try MQTTBrokerURL(broker.url)
            let definition = try FleetDefinition.load(contentsOf: fleetFile)
            let clock = SimulationClock(mode: .accelerated(speed: speed), startTime: startTime)
            let mode = shadowService
            if mode == .external {
                let service = try ShadowService(configuration: ShadowServiceConfiguration(
                    broker: url, clientID: "hil-shadow-service-\(UUID().uuidString.prefix(8))", now: { clock.now }))
                try await service.start()
                shadows = service
            }
            let fleet = try Fleet(configuration: FleetConfiguration(definition: definition, broker: url, clock: clock,
                                                                    tickInterval: .milliseconds(20), controlTopics: false,
                                                                    shadowService: mode))
            try await fleet.start()
            return PrivateFleet(broker: broker, clock: clock, fleet: fleet, brokerURL: url, shadows: shadows)
        } catch {
            await shadows?.stop()
            broker.stop()
            throw error
        }
    }

    /// The devices, in fleet-file order.
    var devices: [HILDevice] {
        fleet.devices.map { HILDevice(name: $0.spec.profile.name, macAddress: $0.spec.profile.macAddress, product: $0.spec.profile.product) }
    }

    /// Stops the fleet, the shadow service and the broker.
    func stop() async {
        await fleet.stop()
        await shadows?.stop()
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
