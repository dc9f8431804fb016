import Foundation
import HatchDeviceModel
import Synchronization

/// The retained routine and alarm documents, encoded once per distinct collection and shared by
/// every device that holds the same records (a generated cohort shares its routine template), so
/// 10,000 devices connecting do not encode the same routine 10,000 times.
enum RecordPayloadCache {
    /// Distinct collections kept; beyond it the cache starts over (devices with own records still
    /// encode once per connect).
    static let capacity = 256

    private static let routines = Mutex<[RecordCollection<Routine>: Data]>([:])
    private static let alarms = Mutex<[RecordCollection<Alarm>: Data]>([:])

    /// The document of `collection` (compact JSON, sorted keys).
    static func payload(_ collection: RecordCollection<Routine>) -> Data { payload(collection, in: routines) }

    /// The document of `collection` (compact JSON, sorted keys).
    static func payload(_ collection: RecordCollection<Alarm>) -> Data { payload(collection, in: alarms) }

    private static func payload<Item>(_ collection: RecordCollection<Item>, in cache: borrowing Mutex<[RecordCollection<Item>: Data]>) -> Data {
        if let cached = cache.withLock({ $0[collection] }) { return cached }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(collection)) ?? Data("{}".utf8)
        cache.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[collection] = data
        }
        return data
    }
}
