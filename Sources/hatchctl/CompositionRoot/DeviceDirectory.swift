import Foundation
import HatchDeviceModel
import HatchMQTT

/// The devices registered on a broker, read from the retained registry and presence records, and
/// lookup by name or MAC address with errors that list the known devices.
struct DeviceDirectory: Sendable {
    /// Every device, ordered by name then MAC address.
    let devices: [KnownDevice]

    /// Reads the retained records. Retained messages arrive right after subscribing but MQTT marks no
    /// end, so the read stops once no record arrived for twice the time the first one took (at least
    /// `minimumQuiet`: a round trip to the broker, so it adapts to remote brokers), or at `limit`.
    static func load(session: MQTTSession, minimumQuiet: Duration = .milliseconds(60), limit: Duration = .seconds(5)) async throws -> DeviceDirectory {
        let registry = try await session.subscribe(Topics.registryAll, qos: .atLeastOnce)
        let presence = try await session.subscribe(Topics.presenceAll, qos: .atLeastOnce)
        let collector = RetainedCollector(minimumQuiet: minimumQuiet)
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for await message in registry { await collector.add(message) } }
            group.addTask { for await message in presence { await collector.add(message) } }
            group.addTask {
                let clock = ContinuousClock()
                let deadline = clock.now + limit
                while clock.now < deadline {
                    try? await Task.sleep(for: .milliseconds(10))
                    if await collector.isQuiet(at: clock.now) { break }
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
    private let started = ContinuousClock.now
    private let minimumQuiet: Duration
    private var firstArrival: ContinuousClock.Instant?
    private var lastArrival = ContinuousClock.now

    init(minimumQuiet: Duration) {
        self.minimumQuiet = minimumQuiet
    }

    func add(_ message: MQTTMessage) {
        lastArrival = .now
        if firstArrival == nil { firstArrival = lastArrival }
        let decoder = JSONDecoder()
        if let record = try? decoder.decode(RegistryRecord.self, from: message.payload) {
            registry[record.thingName] = record
        } else if let record = try? decoder.decode(PresenceRecord.self, from: message.payload) {
            presence[record.thingName] = record
        }
    }

    func isQuiet(at now: ContinuousClock.Instant) -> Bool {
        // With nothing retained at all, give the broker a second before concluding there are no devices.
        guard let firstArrival else { return now - started >= .seconds(1) }
        return now - lastArrival >= max(minimumQuiet, (firstArrival - started) * 2)
    }

    func devices() -> [KnownDevice] {
        registry.values
            .map { KnownDevice(registry: $0, presence: presence[$0.thingName]) }
            .sorted { ($0.name.lowercased(), $0.macAddress.rawValue) < ($1.name.lowercased(), $1.macAddress.rawValue) }
    }
}
