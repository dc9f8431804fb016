import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import HatchMosquittoBroker
import HatchMQTT

/// The fleet the kit starts itself: a simulated fleet in this process on an accelerated clock, on a
/// private mosquitto on a free loopback port (or on a broker given by URL). The devices keep their own
/// MQTT connections and meet the clients only on the broker; what this type adds is the simulator's
/// control channel, which only a fleet the kit owns has: jumping the clock, injecting faults and
/// crashing the broker.
///
/// The fleet runs in process rather than as a `hatchctl fleet run` child: the kit then owns the clock
/// and the faults directly (no control protocol to keep in step), needs no separately built
/// executable, and starts a fresh fleet at a new simulated time for each scenario in about 0.1 s.
///
/// With the shadow service split off the two roles run apart as in production (see
/// ``SplitShadowService``): at ``stop()`` the broker's log must show no publish of a device denied by the ACL.
final class PrivateFleet: Sendable {
    /// The private mosquitto; `nil` on a broker given by URL.
    let broker: MosquittoBroker?
    let clock: SimulationClock
    let fleet: Fleet
    let brokerURL: MQTTBrokerURL
    /// The locked-down broker configuration and the shadow service, with the roles apart.
    let split: SplitShadowService?
    /// The fleet file written for devices given in code, removed at ``stop()``.
    private let generatedFleetFile: URL?

    /// How the kit's client logs in: `hatch-controller` with the roles apart, anonymously otherwise.
    var controllerCredentials: MQTTCredentials? { split?.controller }

    private init(broker: MosquittoBroker?, clock: SimulationClock, fleet: Fleet, brokerURL: MQTTBrokerURL, split: SplitShadowService?,
                 generatedFleetFile: URL?) {
        self.broker = broker
        self.clock = clock
        self.fleet = fleet
        self.brokerURL = brokerURL
        self.split = split
        self.generatedFleetFile = generatedFleetFile
    }

    /// Starts the broker (unless given), the shadow service when the roles run apart, and the
    /// fleet with its clock at `startTime`.
    static func start(_ configuration: SimulatedFleet, startTime: Date) async throws -> PrivateFleet {
        let fleetFile: URL
        var generated: URL?
        switch configuration.devices {
        case .fleetFile(let file):
            fleetFile = file
        case .devices(let devices, let timeZone):
            fleetFile = try writeFleetFile(devices, timeZone: timeZone)
            generated = fleetFile
        }
        do {
            let fleet = try await start(configuration, fleetFile: fleetFile, startTime: startTime, generated: generated)
            return fleet
        } catch {
            if let generated { try? FileManager.default.removeItem(at: generated) }
            throw error
        }
    }

    private static func start(_ configuration: SimulatedFleet, fleetFile: URL, startTime: Date, generated: URL?) async throws -> PrivateFleet {
        let definition = try FleetDefinition.load(contentsOf: fleetFile)
        let clock = SimulationClock(mode: .accelerated(speed: configuration.speed), startTime: startTime)
        func makeFleet(_ url: MQTTBrokerURL, credentials: FleetCredentials? = nil) throws -> Fleet {
            try Fleet(configuration: FleetConfiguration(definition: definition, broker: url, clock: clock, tickInterval: .milliseconds(20),
                                                        controlTopics: false, credentials: credentials ?? .anonymous,
                                                        shadowService: credentials == nil ? .internal : .external))
        }
        switch (configuration.shadowService, configuration.broker) {
        case (.split, .url):
            throw HILConfigurationError.splitNeedsPrivateBroker
        case (.fused, .url(let url)):
            let fleet = try makeFleet(url)
            try await fleet.start()
            return PrivateFleet(broker: nil, clock: clock, fleet: fleet, brokerURL: url, split: nil, generatedFleetFile: generated)
        case (.fused, .privateMosquitto):
            let broker = try await MosquittoBroker.start()
            do {
                let url = try MQTTBrokerURL(broker.url)
                let fleet = try makeFleet(url)
                try await fleet.start()
                return PrivateFleet(broker: broker, clock: clock, fleet: fleet, brokerURL: url, split: nil, generatedFleetFile: generated)
            } catch {
                broker.stop()
                throw error
            }
        case (.split, .privateMosquitto):
            let split = try SplitShadowService.configure(definition: definition, clock: clock)
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
                let fleet = try makeFleet(url, credentials: split.fleetCredentials)
                try await fleet.start()
                return PrivateFleet(broker: broker, clock: clock, fleet: fleet, brokerURL: url, split: split, generatedFleetFile: generated)
            } catch {
                await split.stopService()
                broker.stop()
                split.removeFolder()
                throw error
            }
        }
    }

    /// A fleet file with `devices` in their factory settings, in a new temporary file.
    private static func writeFleetFile(_ devices: [HILDevice], timeZone: String) throws -> URL {
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        var text = "fleet: hil\ndefaults:\n  timezone: \(quoted(timeZone))\ndevices:\n"
        for device in devices {
            text += "  - name: \(quoted(device.name))\n    mac: \(quoted(device.macAddress.rawValue))\n    product: \(device.product.rawValue)\n"
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hatch-hil-fleet-\(UUID().uuidString.prefix(8)).yaml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// The devices, in fleet order.
    var devices: [HILDevice] {
        fleet.devices.map { HILDevice(name: $0.spec.profile.name, macAddress: $0.spec.profile.macAddress, product: $0.spec.profile.product) }
    }

    /// Stops the fleet, the shadow service and the broker. Returns the broker's `Denied PUBLISH` lines
    /// from a device (with the roles apart: a device published where its policy does not let it).
    @discardableResult
    func stop() async -> [String] {
        await fleet.stop()
        if let generatedFleetFile { try? FileManager.default.removeItem(at: generatedFleetFile) }
        guard let split else {
            broker?.stop()
            return []
        }
        await split.stopService()
        broker?.stop()
        let denied = split.deniedPublishes(from: fleet.devices.map(\.spec.profile.thingName.rawValue))
        split.removeFolder()
        return denied
    }

    /// Moves the fleet's clock forward by `seconds` of simulated time at once; with the roles apart the
    /// shadow service reads the same clock, so its replies keep carrying the devices' time.
    func jumpClock(by seconds: TimeInterval) async throws {
        clock.advance(by: seconds)
    }

    /// Injects `fault` into one device.
    func inject(_ fault: FaultKind, into device: HILDevice) async {
        await fleet.inject(FaultInjection(kind: fault, target: .devices([device.macAddress.rawValue])))
    }
}
