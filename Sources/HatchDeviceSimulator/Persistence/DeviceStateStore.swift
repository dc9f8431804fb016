import Foundation
import HatchDeviceModel

/// The state folder (`--state-dir`): one JSON file per device, `{thingName}.json`, written
/// atomically (temporary file + rename) so a crash never leaves half a file, as a device keeps
/// its flash.
public struct DeviceStateStore: Sendable {
    /// The folder.
    public let directory: URL

    /// Opens (and creates) the folder; throws ``DeviceStateStoreError`` when it cannot be created.
    public init(directory: URL) throws(DeviceStateStoreError) {
        self.directory = directory
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreate(directory.path, String(describing: error))
        }
    }

    /// The file of a device.
    public func fileURL(for thing: ThingName) -> URL {
        directory.appendingPathComponent(thing.rawValue + ".json")
    }

    /// The saved state of a device, or `nil` when there is none. A corrupt file is reported, not ignored.
    public func load(_ thing: ThingName) throws(DeviceStateStoreError) -> PersistedDevice? {
        let url = fileURL(for: thing)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            let data = try Data(contentsOf: url)
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            return try decoder.decode(PersistedDevice.self, from: data)
        } catch {
            throw .corrupt(url.path, String(describing: error))
        }
    }

    /// Saves a device atomically.
    public func save(_ device: PersistedDevice, for thing: ThingName) throws(DeviceStateStoreError) {
        let url = fileURL(for: thing)
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            encoder.dateEncodingStrategy = .secondsSince1970
            try encoder.encode(device).write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(url.path, String(describing: error))
        }
    }
}

/// Why the state folder could not be used.
public enum DeviceStateStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder could not be created.
    case cannotCreate(String, String)
    /// A file could not be written.
    case cannotWrite(String, String)
    /// A file exists but cannot be read.
    case corrupt(String, String)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .cannotCreate(let path, let reason): return "cannot create the state folder \(path) (\(reason)); pass a writable --state-dir"
        case .cannotWrite(let path, let reason): return "cannot write \(path) (\(reason)); check free space and permissions of --state-dir"
        case .corrupt(let path, let reason): return "\(path) is not a valid device state file (\(reason)); delete it to start that device from its fleet file"
        }
    }
}
