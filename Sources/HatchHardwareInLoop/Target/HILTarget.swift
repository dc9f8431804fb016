import Foundation
import HatchDependencyContainerCore
import HatchDeviceModel
import HatchIoTDeviceStateEmitterClient
import HatchMQTT
import Synchronization

/// What one scenario runs against: the devices, a connected client session with the kit's root
/// container over it, and — only for a simulated fleet — the simulator's control channel.
public final class HILTarget: Sendable {
    /// What the report shows in its target column, e.g. `private all-products.yaml 60x`.
    public let label: String
    /// The devices the scenario may drive.
    public let devices: [HILDevice]
    /// The kit's one client session, which the live clients share.
    public let session: MQTTSession
    /// Simulated seconds per real second on the devices' clock (about 1 for real hardware).
    public let speed: Double
    /// The root container: the session and the three live IoT clients, as the app registers them.
    public var rootContainer: DependencyContainer { composition.rootContainer }
    /// Whether the kit started the fleet (and a ``SimulatorControl`` exists).
    public var isSimulated: Bool { fleet != nil }

    let composition: HILComposition
    let fleet: PrivateFleet?

    private init(label: String, devices: [HILDevice], session: MQTTSession, composition: HILComposition, fleet: PrivateFleet?, speed: Double) {
        self.label = label
        self.devices = devices
        self.session = session
        self.composition = composition
        self.fleet = fleet
        self.speed = speed
    }

    /// Starts a simulated fleet at `startTime` (unless its configuration sets one), or connects to the external devices.
    static func connect(_ configuration: HILTargetConfiguration, startTime: Date) async throws -> HILTarget {
        switch configuration {
        case .simulated(let simulated):
            let fleet = try await PrivateFleet.start(simulated, startTime: simulated.clockStart ?? startTime)
            do {
                let session = try await connectSession(MQTTConfiguration(broker: fleet.brokerURL, clientID: clientID(),
                                                                         credentials: fleet.controllerCredentials))
                let composition = try HILComposition(session: session, timeout: .seconds(5))
                let source = switch simulated.devices {
                case .fleetFile(let file): file.lastPathComponent
                case .devices(let devices, _): "\(devices.count) device(s)"
                }
                let broker = fleet.broker == nil ? " on \(fleet.brokerURL)" : ""
                let split = fleet.split == nil ? "" : ", shadow service apart behind the ACL"
                return HILTarget(label: "private \(source) \(Int(simulated.speed))x\(broker)\(split)", devices: fleet.devices,
                                 session: session, composition: composition, fleet: fleet, speed: simulated.speed)
            } catch {
                await fleet.stop()
                throw error
            }
        case .external(let external):
            guard let first = external.devices.first else { throw HILConfigurationError.noDevices("") }
            let session = try await connectSession(MQTTConfiguration(
                broker: external.broker, clientID: clientID(), credentials: external.credentials, tls: external.tls))
            let composition = try HILComposition(session: session, timeout: .seconds(10))
            let speed: Double
            do {
                speed = try await measuredSpeed(of: first, composition: composition)
            } catch {
                await session.disconnect()
                throw error
            }
            return HILTarget(label: "external \(external.broker)", devices: external.devices, session: session,
                             composition: composition, fleet: nil, speed: speed)
        }
    }

    /// Disconnects the client and stops a simulated fleet. Returns what the fleet's broker found wrong:
    /// its `Denied PUBLISH` lines from a device, with the roles apart.
    func stop() async -> [String] {
        await session.disconnect()
        return await fleet?.stop() ?? []
    }

    /// The first device with everything `required` asks for, preferring the products in `preferring` order.
    public func device(where required: (HardwareCapabilities) -> Bool, preferring products: [HardwareProduct] = []) -> HILDevice? {
        let candidates = devices.filter { required($0.capabilities) }
        for product in products {
            if let device = candidates.first(where: { $0.product == product }) { return device }
        }
        return candidates.first
    }

    /// A real-time bound for something that takes `simSeconds` on the devices' clock: twice that at
    /// the target's speed, plus ``realTimeSlack`` for the network and a busy machine. It is the last
    /// guard of a wait that ends on the device's report.
    public func realTimeout(simSeconds: Double) -> Duration {
        Self.realTimeout(simSeconds: simSeconds, speed: speed)
    }

    /// The real seconds every wait allows beyond what the devices' clock needs: a machine busy with a
    /// release build beside the suite delays a report by seconds, and a wait ends as soon as the report
    /// comes, so a generous guard costs a passing scenario nothing.
    public static let realTimeSlack = 30.0

    static func realTimeout(simSeconds: Double, speed: Double) -> Duration {
        .milliseconds(Int((simSeconds / speed * 2 + realTimeSlack) * 1000))
    }

    /// How far apart two readings of the device clock may lie from what the schedule says: the
    /// device's tick, the broker and a busy machine, at most a real second, in simulated seconds.
    public var simTolerance: Int { max(5, Int(speed.rounded(.up))) }

    private static func clientID() -> String { "hatch-hil-\(UUID().uuidString.prefix(8))" }

    private static func connectSession(_ configuration: MQTTConfiguration) async throws -> MQTTSession {
        let session = MQTTSession(configuration: configuration)
        do {
            try await session.connect()
        } catch {
            throw ScenarioFailure("cannot connect to \(configuration.broker): \(error). Check HATCH_HIL_BROKER_URL, the TLS files and the credentials.")
        }
        return session
    }

    private static let measured = Mutex<[String: Double]>([:])

    /// The external devices' clock speed: two shadow reads two real seconds apart (measured once per
    /// device). Real hardware answers 1; a `hatchctl fleet run --speed 60` fleet about 60.
    private static func measuredSpeed(of device: HILDevice, composition: HILComposition) async throws -> Double {
        let key = device.macAddress.rawValue
        if let known = measured.withLock({ $0[key] }) { return known }
        let emitter = composition.device(device).deviceSession()
        let first: IoTDeviceState
        do {
            first = try await emitter.currentState()
        } catch {
            throw ScenarioFailure("cannot read the shadow of \(device): \(error). Check that HATCH_HIL_DEVICES names devices on this broker.")
        }
        let startedAt = ContinuousClock.now
        try await Task.sleep(for: .seconds(2))
        let second = try await emitter.currentState()
        let elapsed = (ContinuousClock.now - startedAt).realSeconds
        // Whole-second timestamps: take the slow end of the reading, so that waits are long enough.
        let speed = max(1, Double(second.timestamp - first.timestamp - 1) / elapsed)
        measured.withLock { $0[key] = speed }
        return speed
    }
}
