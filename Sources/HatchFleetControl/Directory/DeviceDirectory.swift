import Foundation
import HatchDeviceModel
import HatchMQTT

/// The devices registered on a broker, read from the retained registry and presence records, and
/// lookup by name or MAC address with errors that list the known devices.
package struct DeviceDirectory: Sendable {
    /// Every device, ordered by name then MAC address.
    package let devices: [KnownDevice]

    /// Creates a directory of the given devices.
    package init(devices: [KnownDevice]) {
        self.devices = devices
    }

    /// Reads the retained records. Retained messages arrive right after subscribing but MQTT marks no
    /// end, so the read stops once no record arrived for twice the time the first one took (at least
    /// `minimumQuiet`: a round trip to the broker, so it adapts to remote brokers), or at `limit`.
    package static func load(session: MQTTSession, minimumQuiet: Duration = .milliseconds(60), limit: Duration = .seconds(5)) async throws -> DeviceDirectory {
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
    package func device(_ query: String) throws(FleetControlError) -> KnownDevice {
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
