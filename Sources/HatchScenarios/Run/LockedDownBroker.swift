import Foundation
import HatchBrokerConfiguration
import HatchDeviceSimulator
import HatchMosquittoBroker
import HatchMQTT
import Synchronization

/// A scenario's private broker, locked down as `hatchctl fleet run` locks its own: no anonymous
/// access, a password per device and the device bound to its own client id, an ACL that keeps each
/// device to its own topics (to the firmware's topics when the shadow service runs apart), and the
/// engine's clients logged in as the controller. Persistent, so QoS 1 commands survive a broker kill.
///
/// mosquitto reports a denied publish only in its debug log, so with `countsDenials` the broker logs
/// every packet and ``deniedPublishes()`` counts the denials of devices from that log.
package final class LockedDownBroker: Sendable {
    /// The running mosquitto (killed, frozen and restarted by the scenario's broker actions).
    package let broker: MosquittoBroker
    /// Its plain listener on 127.0.0.1.
    package let url: MQTTBrokerURL
    /// The devices' logins and the shadow service's.
    package let fleetCredentials: FleetCredentials
    /// The login of the engine's clients (`hatch-controller`).
    package let controller: MQTTCredentials
    /// The generated configuration, passwords, ACL, log and persistence database.
    package let folder: URL
    private let log: URL?
    /// Whether the broker logs every packet, so that ``deniedPublishes()`` can count.
    package var countsDenials: Bool { log != nil }
    private let devices: Set<String>
    /// How far the log was read, and the devices' publishes received and denied up to there.
    private let denials = Mutex<(offset: UInt64, received: Int, denied: Int)>((0, 0, 0))

    private init(broker: MosquittoBroker, url: MQTTBrokerURL, fleetCredentials: FleetCredentials, controller: MQTTCredentials, folder: URL,
                 log: URL?, devices: Set<String>) {
        self.broker = broker
        self.url = url
        self.fleetCredentials = fleetCredentials
        self.controller = controller
        self.folder = folder
        self.log = log
        self.devices = devices
    }

    /// Writes the configuration for the devices of `definition` into a new temporary folder and starts mosquitto with it.
    package static func start(definition: FleetDefinition, shadowService: ShadowServiceMode, countsDenials: Bool,
                              fileDescriptorLimit: Int) async throws -> LockedDownBroker {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hatch-scenario-broker-\(UUID().uuidString.prefix(8))", isDirectory: true)
        do {
            let (broker, credentials) = try await PrivateFleetBroker.start(
                fleet: definition.name, devices: BrokerSecurity.devices(of: definition), folder: folder, tls: false, clientCertificates: false,
                fileDescriptorLimit: fileDescriptorLimit) { settings in
                    settings.deviceAccess = .init(shadowService)
                    settings.persistencePath = folder.path
                    settings.autosaveInterval = 1
                    settings.debugLog = countsDenials
                }
            return LockedDownBroker(
                broker: broker, url: try MQTTBrokerURL(broker.url), fleetCredentials: credentials.fleetCredentials(relativeTo: folder, usesTLS: false),
                controller: MQTTCredentials(username: credentials.controller.username, password: credentials.controller.password), folder: folder,
                log: countsDenials ? folder.appendingPathComponent("mosquitto.log") : nil,
                devices: Set(definition.devices.map(\.profile.thingName.rawValue)))
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// Publishes from devices the broker denied so far, or `nil` when the broker does not log them or
    /// its log shows no publish from a device at all (and so cannot show a denied one).
    package func deniedPublishes() -> Int? {
        guard let log else { return nil }
        return denials.withLock { state in
            if let handle = try? FileHandle(forReadingFrom: log) {
                defer { try? handle.close() }
                if (try? handle.seek(toOffset: state.offset)) != nil, let data = try? handle.readToEnd(),
                   let lastNewline = data.lastIndex(of: UInt8(ascii: "\n")) {
                    let complete = data[data.startIndex...lastNewline]
                    state.offset += UInt64(complete.count)
                    for line in complete.split(separator: UInt8(ascii: "\n")) {
                        switch Self.publish(String(decoding: line, as: UTF8.self)) {
                        case (.received, let client)? where devices.contains(client): state.received += 1
                        case (.denied, let client)? where devices.contains(client): state.denied += 1
                        default: break
                        }
                    }
                }
            }
            return state.received > 0 ? state.denied : nil
        }
    }

    /// What a line of mosquitto's debug log says about a publish, and from which client.
    package enum PublishLine: Equatable {
        case received, denied
    }

    /// The kind and client id of a `Received PUBLISH from CLIENT (…)` or `Denied PUBLISH from CLIENT (…)` line.
    package static func publish(_ line: String) -> (PublishLine, client: String)? {
        for (kind, marker) in [(PublishLine.received, "Received PUBLISH from "), (.denied, "Denied PUBLISH from ")] {
            guard let range = line.range(of: marker) else { continue }
            return line[range.upperBound...].split(separator: " ", maxSplits: 1).first.map { (kind, String($0)) }
        }
        return nil
    }

    /// Stops the broker, reads the rest of its log and removes its folder; ``deniedPublishes()`` keeps
    /// the final count.
    package func stop() {
        broker.stop()
        _ = deniedPublishes()
        try? FileManager.default.removeItem(at: folder)
    }
}
