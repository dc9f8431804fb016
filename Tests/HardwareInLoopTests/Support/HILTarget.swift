import Foundation
import HatchDeviceModel
import HatchIoTDeviceStateEmitterClient
import HatchMQTT
import Synchronization

/// What one scenario runs against: the devices, a connected client session with the suite's
/// composition root over it, and — only for the private fleet — the simulator's control channel.
final class HILTarget: Sendable {
    /// `private` or `external`, for the report.
    let kind: String
    /// What the report shows in its target column, e.g. `private all-products.yaml 60x`.
    let label: String
    /// The devices the scenarios may drive.
    let devices: [HILDevice]
    /// The suite's one client session.
    let session: MQTTSession
    /// The container with the live clients over ``session``.
    let composition: HILComposition
    /// The control channel, when the suite started the fleet itself; `nil` on an external target.
    let control: PrivateFleet?
    /// Simulated seconds per real second on the devices' clock (1 for real hardware).
    let speed: Double

    private init(kind: String, label: String, devices: [HILDevice], session: MQTTSession, composition: HILComposition,
                 control: PrivateFleet?, speed: Double) {
        self.kind = kind
        self.label = label
        self.devices = devices
        self.session = session
        self.composition = composition
        self.control = control
        self.speed = speed
    }

    /// Starts a private fleet at `startTime`, or connects to the external target.
    static func connect(_ configuration: HILConfiguration, privateStartTime startTime: Date) async throws -> HILTarget {
        switch configuration {
        case .privateFleet(let fleetFile):
            let fleet = try await PrivateFleet.start(fleetFile: fleetFile, startTime: startTime)
            do {
                let session = try await connectSession(MQTTConfiguration(broker: fleet.brokerURL, clientID: clientID(),
                                                                         credentials: fleet.controllerCredentials))
                let composition = try HILComposition(session: session, timeout: .seconds(5))
                let speed = PrivateFleet.speed
                let split = fleet.split == nil ? "" : ", hatchctl shadow-service process behind the ACL"
                return HILTarget(kind: "private", label: "private \(fleetFile.lastPathComponent) \(Int(speed))x\(split)", devices: fleet.devices,
                                 session: session, composition: composition, control: fleet, speed: speed)
            } catch {
                await fleet.stop()
                throw error
            }
        case .external(let external):
            let session = try await connectSession(MQTTConfiguration(
                broker: external.broker, clientID: clientID(), credentials: external.credentials, tls: external.tls))
            let composition = try HILComposition(session: session, timeout: .seconds(10))
            let speed: Double
            do {
                speed = try await measuredSpeed(of: external.devices[0], composition: composition)
            } catch {
                await session.disconnect()
                throw error
            }
            return HILTarget(kind: "external", label: "external \(external.broker)", devices: external.devices, session: session,
                             composition: composition, control: nil, speed: speed)
        }
    }

    /// Disconnects the client and stops a private fleet. Returns what the fleet's broker found wrong:
    /// its `Denied PUBLISH` lines from a device, with the roles apart.
    func stop() async -> [String] {
        await session.disconnect()
        return await control?.stop() ?? []
    }

    /// The first device with everything `required` asks for, preferring the products in `preferring` order.
    func device(where required: (HardwareCapabilities) -> Bool, preferring products: [HardwareProduct] = []) -> HILDevice? {
        let candidates = devices.filter { required($0.capabilities) }
        for product in products {
            if let device = candidates.first(where: { $0.product == product }) { return device }
        }
        return candidates.first
    }

    /// A real-time bound for something that takes `simSeconds` on the devices' clock: twice that at
    /// the target's speed, plus slack for the network and a busy machine.
    func realTimeout(simSeconds: Double) -> Duration {
        .milliseconds(Int((simSeconds / speed * 2 + 10) * 1000))
    }

    /// How far apart two readings of the device clock may lie from what the schedule says: the
    /// device's tick, the broker and a busy machine, at most a real second, in simulated seconds.
    var simTolerance: Int { max(5, Int(speed.rounded(.up))) }

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
    /// broker). Real hardware answers 1; a `hatchctl fleet run --speed 60` fleet about 60.
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

extension Duration {
    /// The duration in seconds.
    var realSeconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
