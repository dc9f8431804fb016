import Foundation
import HatchDeviceModel
import HatchMQTT

/// The devices registered on a broker, read from the retained registry and presence records, and
/// lookup by name or MAC address with errors that list the known devices.
struct DeviceDirectory: Sendable {
    /// Every device, ordered by name then MAC address.
    let devices: [KnownDevice]

    /// Reads the retained records. Retained messages arrive right after subscribing but MQTT marks no
    /// end, so the read stops after `quietPeriod` without a new record (or at `limit`).
    static func load(session: MQTTSession, quietPeriod: Duration = .milliseconds(300), limit: Duration = .seconds(5)) async throws -> DeviceDirectory {
        let registry = try await session.subscribe(Topics.registryAll, qos: .atLeastOnce)
        let presence = try await session.subscribe(Topics.presenceAll, qos: .atLeastOnce)
        let collector = RetainedCollector()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for await message in registry { await collector.add(message) } }
            group.addTask { for await message in presence { await collector.add(message) } }
            group.addTask {
                let clock = ContinuousClock()
                let deadline = clock.now + limit
                while clock.now < deadline {
                    try? await Task.sleep(for: quietPeriod)
                    if await collector.isQuiet(for: quietPeriod, at: clock.now) { break }
                }
            }
            await group.next()
            group.cancelAll()
        }
        return DeviceDirectory(devices: await collector.devices())
    }

    /// The device named `query` (case-insensitive) or with MAC address `query` (any common notation).
    func device(_ query: String) throws(HatchctlError) -> KnownDevice {
        if let mac = try? MacAddress(validating: query), let device = devices.first(where: { $0.macAddress == mac }) {
            return device
        }
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        let matches = devices.filter { $0.name.compare(trimmed, options: .caseInsensitive) == .orderedSame }
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 { throw .ambiguousDevice(query: query, matches: matches.map(\.label)) }
        throw .unknownDevice(query: query, known: devices.map(\.label))
    }
}

/// Collects registry and presence records as they arrive.
private actor RetainedCollector {
    private var registry: [ThingName: RegistryRecord] = [:]
    private var presence: [ThingName: PresenceRecord] = [:]
    private var lastArrival = ContinuousClock.now
    private var sawAny = false

    func add(_ message: MQTTMessage) {
        lastArrival = .now
        sawAny = true
        let decoder = JSONDecoder()
        if let record = try? decoder.decode(RegistryRecord.self, from: message.payload) {
            registry[record.thingName] = record
        } else if let record = try? decoder.decode(PresenceRecord.self, from: message.payload) {
            presence[record.thingName] = record
        }
    }

    func isQuiet(for period: Duration, at now: ContinuousClock.Instant) -> Bool {
        // With nothing retained at all, give the broker a second before concluding there are no devices.
        now - lastArrival >= (sawAny ? period : .seconds(1))
    }

    func devices() -> [KnownDevice] {
        registry.values
            .map { KnownDevice(registry: $0, presence: presence[$0.thingName]) }
            .sorted { ($0.name.lowercased(), $0.macAddress.rawValue) < ($1.name.lowercased(), $1.macAddress.rawValue) }
    }
}
