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
/// With `HATCH_HIL_SHADOW_SERVICE=external` the two roles run apart as in production: the broker is
/// configured by `hatchctl broker config --shadow-service external` (passwords and an ACL like an AWS
/// IoT policy), the devices run their firmware only and log in with their own credentials, the suite's
/// client logs in as `hatch-controller`, and `hatchctl shadow-service` answers every shadow request
/// as a separate process on the fleet's clock (see ``SplitShadowService``). At ``stop()`` the broker's
/// log must show no publish of a device denied by the ACL.
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
    /// The locked-down broker configuration and the `hatchctl shadow-service` process, with the roles apart.
    let split: SplitShadowService?

    /// How the suite's client logs in: `hatch-controller` with the roles apart, anonymously otherwise.
    var controllerCredentials: MQTTCredentials? { split?.controller }

    private init(broker: MosquittoBroker, clock: SimulationClock, fleet: Fleet, brokerURL: MQTTBrokerURL, split: SplitShadowService?) {
        self.broker = broker
        self.clock = clock
        self.fleet = fleet
        self.brokerURL = brokerURL
        self.split = split
    }

    /// Starts mosquitto, the shadow service process when the roles run apart, and the fleet of
    /// `fleetFile` with its clock at `startTime`.
    static func start(fleetFile: URL, startTime: Date) async throws -> PrivateFleet {
        let definition = try FleetDefinition.load(contentsOf: fleetFile)
        let clock = SimulationClock(mode: .accelerated(speed: speed), startTime: startTime)
        guard shadowService == .external else {
            let broker = try await MosquittoBroker.start()
            do {
                let url = try MQTTBrokerURL(broker.url)
                let fleet = try Fleet(configuration: FleetConfiguration(definition: definition, broker: url, clock: clock,
                                                                        tickInterval: .milliseconds(20), controlTopics: false))
                try await fleet.start()
                return PrivateFleet(broker: broker, clock: clock, fleet: fleet, brokerURL: url, split: nil)
            } catch {
                broker.stop()
                throw error
            }
        }
        let split = try await SplitShadowService.configure(fleetFile: fleetFile, clock: clock)
        let broker: MosquittoBroker
        do {
            broker = try await split.startBroker()
        } catch {
            split.removeFolder()
            throw error
        }
        do {
            try await split.startService()
            let url = try MQTTBrokerURL(broker.url)
            let fleet = try Fleet(configuration: FleetConfiguration(definition: definition, broker: url, clock: clock,
                                                                    tickInterval: .milliseconds(20), controlTopics: false,
                                                                    credentials: split.fleetCredentials, shadowService: .external))
            try await fleet.start()
            return PrivateFleet(broker: broker, clock: clock, fleet: fleet, brokerURL: url, split: split)
        } catch {
            await split.stopService()
            broker.stop()
            split.removeFolder()
            throw error
        }
    }

    /// The devices, in fleet-file order.
    var devices: [HILDevice] {
        fleet.devices.map { HILDevice(name: $0.spec.profile.name, macAddress: $0.spec.profile.macAddress, product: $0.spec.profile.product) }
    }

    /// Stops the fleet, the shadow service and the broker. Returns the broker's `Denied PUBLISH` lines
    /// from a device (with the roles apart: a device published where its policy does not let it).
    @discardableResult
    func stop() async -> [String] {
        await fleet.stop()
        guard let split else {
            broker.stop()
            return []
        }
        await split.stopService()
        broker.stop()
        let denied = split.deniedPublishes(from: fleet.devices.map(\.spec.profile.thingName.rawValue))
        split.removeFolder()
        return denied
    }

    /// Moves the fleet's clock forward by `seconds` of simulated time at once.
    ///
    /// With the roles apart the `hatchctl shadow-service` process cannot be told of a jump, so it
    /// restarts on the moved clock (its documents saved, its MQTT session left on the broker, so that
    /// requests meanwhile wait there): its replies keep carrying the devices' time. The clock lands
    /// ``restartLead`` short of `seconds` and runs the rest while the service starts, so that what the
    /// scenario jumps toward happens with the service answering again, stamped on time.
    func jumpClock(by seconds: TimeInterval) async throws {
        guard let split else {
            clock.advance(by: seconds)
            return
        }
        let landing = clock.now.addingTimeInterval(seconds)
        await split.stopService()
        clock.set(max(clock.now, landing.addingTimeInterval(-Self.restartLead)))
        try await split.startService()
    }

    /// Simulated seconds a restart of the shadow service process may take: 1.5 real seconds.
    static let restartLead: TimeInterval = speed * 1.5

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
