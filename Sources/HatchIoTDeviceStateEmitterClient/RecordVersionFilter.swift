import Foundation
import HatchDeviceModel

/// Decodes retained routine or alarm documents and lets through only newer `dataVersion`s.
struct RecordVersionFilter<Item: DeviceRecord>: Sendable {
    private var lastVersion = Int.min

    /// The collection when `payload` decodes and is newer than the last one let through.
    mutating func receive(_ payload: Data) -> RecordCollection<Item>? {
        guard let collection = try? JSONDecoder().decode(RecordCollection<Item>.self, from: payload),
              collection.dataVersion > lastVersion else { return nil }
        lastVersion = collection.dataVersion
        return collection
    }
}
