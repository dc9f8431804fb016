import Foundation
import HatchDeviceModel

/// The shadow service's state folder (`--state`): one JSON file per shadow, `{thingName}.shadow.json`
/// for a thing's classic shadow and `{thingName}~{shadowName}.shadow.json` for each named shadow,
/// written atomically and durably like the fleet's state folder (temporary file, fsync, rename,
/// fsync of the folder). Opening it removes temporary files an interrupted write left behind.
public struct ShadowDocumentStore: Sendable {
    /// The folder.
    public let directory: URL

    /// The suffix of every document file.
    static let suffix = ".shadow.json"

    /// Opens (and creates) the folder; throws ``DeviceStateStoreError`` when it cannot be created.
    public init(directory: URL) throws(DeviceStateStoreError) {
        self.directory = directory
        _ = try DeviceStateStore.open(directory)
    }

    /// The file of a shadow.
    public func fileURL(for shadow: ShadowKey) -> URL {
        directory.appendingPathComponent(shadow.fileStem + Self.suffix)
    }

    /// Every saved shadow; a file that cannot be read is named in `unreadable` and skipped.
    public func loadAll() -> (shadows: [ShadowKey: PersistedShadow], unreadable: [DeviceStateStoreError]) {
        var shadows: [ShadowKey: PersistedShadow] = [:]
        var unreadable: [DeviceStateStoreError] = []
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted() where name.hasSuffix(Self.suffix) {
            guard let key = ShadowKey(fileStem: String(name.dropLast(Self.suffix.count))) else { continue }
            do {
                shadows[key] = try DeviceStateStore.readJSON(PersistedShadow.self, from: directory.appendingPathComponent(name))
            } catch {
                unreadable.append(error)
            }
        }
        return (shadows, unreadable)
    }

    /// Saves a shadow atomically and durably; with `syncingFolder: false`, durably once
    /// ``syncFolder()`` has run (one fsync for a batch).
    public func save(_ shadow: PersistedShadow, for key: ShadowKey, syncingFolder: Bool = true) throws(DeviceStateStoreError) {
        let url = fileURL(for: key)
        do {
            try AtomicFileWriter.write(shadow.jsonValue.jsonData, to: url, syncingFolder: syncingFolder)
        } catch {
            throw .cannotWrite(url.path, error.description)
        }
    }

    /// Makes the files saved without syncing the folder durable.
    public func syncFolder() throws(DeviceStateStoreError) {
        do {
            try AtomicFileWriter.syncFolder(directory)
        } catch {
            throw .cannotWrite(directory.path, error.description)
        }
    }
}
