import Foundation
import HatchDeviceModel
import HatchMQTT

/// Collects registry and presence records as they arrive.
actor RetainedCollector {
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
