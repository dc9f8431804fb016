import Foundation
import HatchDeviceModel

/// The state folder (`--state-dir`): one JSON file per device, `{thingName}.json`, kept as a device
/// keeps its flash. Writes are atomic and durable (temporary file in the folder, fsync, rename,
/// fsync of the folder), so a crash never leaves half a file. Opening the folder removes
/// temporary files an interrupted write left behind; a corrupt file is set aside as
/// `{thingName}.json.corrupt-{UTC time}` so that device starts from its fleet file and the others
/// are not held up (``loadOrSetAside(_:now:)``).
public struct DeviceStateStore: Sendable {
    /// The folder.
    public let directory: URL
    /// Temporary files of interrupted writes that opening the folder removed (file names).
    public let removedTemporaryFiles: [String]

    /// Opens (and creates) the folder and removes leftover temporary files; throws
    /// ``DeviceStateStoreError`` when it cannot be created.
    public init(directory: URL) throws(DeviceStateStoreError) {
        self.directory = directory
        removedTemporaryFiles = try Self.open(directory)
    }

    /// Creates `directory` when missing and removes the temporary files of interrupted writes in it;
    /// returns their names.
    static func open(_ directory: URL) throws(DeviceStateStoreError) -> [String] {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreate(directory.path, String(describing: error))
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var removed: [String] = []
        for name in names.sorted() where AtomicFileWriter.isTemporary(name) {
            if (try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))) != nil { removed.append(name) }
        }
        return removed
    }

    /// The file of a device.
    public func fileURL(for thing: ThingName) -> URL {
        directory.appendingPathComponent(thing.rawValue + ".json")
    }

    /// The saved state of a device, or `nil` when there is none. A corrupt file is reported, not ignored.
    public func load(_ thing: ThingName) throws(DeviceStateStoreError) -> PersistedDevice? {
        let url = fileURL(for: thing)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Self.readJSON(PersistedDevice.self, from: url)
    }

    /// Reads a JSON state file; throws ``DeviceStateStoreError/corrupt(_:_:)`` naming what is wrong.
    static func readJSON<Value: Decodable>(_ type: Value.Type, from url: URL) throws(DeviceStateStoreError) -> Value {
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            return try decoder.decode(type, from: Data(contentsOf: url))
        } catch {
            throw .corrupt(url.path, DecodingProblem.describe(error))
        }
    }

    /// What ``loadOrSetAside(_:now:)`` found.
    public enum LoadOutcome: Sendable, Equatable {
        /// No saved state: the device starts from its fleet file.
        case missing
        /// The saved state.
        case loaded(PersistedDevice)
        /// The file was corrupt and was moved to `setAsideAt` (`nil` when even that failed); the
        /// device starts from its fleet file.
        case corrupt(DeviceStateStoreError, setAsideAt: String?)
    }

    /// Loads a device's state; a corrupt file is renamed to `{thing}.json.corrupt-{time}` (kept for
    /// inspection, out of the way of the next save) instead of stopping the fleet.
    public func loadOrSetAside(_ thing: ThingName, now: Date = Date()) -> LoadOutcome {
        do {
            return try load(thing).map(LoadOutcome.loaded) ?? .missing
        } catch {
            let url = fileURL(for: thing)
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
            let stamp = formatter.string(from: now).replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "-", with: "")
            let aside = url.deletingLastPathComponent().appendingPathComponent("\(url.lastPathComponent).corrupt-\(stamp)")
            do {
                try FileManager.default.moveItem(at: url, to: aside)
                try? AtomicFileWriter.syncFolder(directory)
                return .corrupt(error, setAsideAt: aside.path)
            } catch {
                return .corrupt(.corrupt(url.path, "\(error)"), setAsideAt: nil)
            }
        }
    }

    /// Saves a device atomically and durably.
    public func save(_ device: PersistedDevice, for thing: ThingName) throws(DeviceStateStoreError) {
        try Self.writeJSON(device, to: fileURL(for: thing))
    }

    /// Writes a JSON state file (sorted keys, dates as Unix seconds) atomically and durably.
    static func writeJSON<Value: Encodable>(_ value: Value, to url: URL) throws(DeviceStateStoreError) {
        let data: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            encoder.dateEncodingStrategy = .secondsSince1970
            data = try encoder.encode(value)
        } catch {
            throw .cannotWrite(url.path, String(describing: error))
        }
        do {
            try AtomicFileWriter.write(data, to: url)
        } catch {
            throw .cannotWrite(url.path, error.description)
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
