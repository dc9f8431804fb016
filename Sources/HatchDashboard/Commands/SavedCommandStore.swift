import Foundation
import Synchronization

/// The page's saved commands, in a JSON file under the toolkit's home folder
/// (`~/.hatch/dashboard-commands.json`), shared by every dashboard on the machine. A file that cannot
/// be read is reported and left as it is: saving then refuses rather than overwrite it.
package final class SavedCommandStore: Sendable {
    /// Why the saved commands could not be read or written; says what to do.
    package struct StoreError: Error, Sendable, CustomStringConvertible {
        /// The reason and the way out.
        package var description: String
    }

    private struct File: Codable {
        var format = 1
        var commands: [SavedCommand]
    }

    /// The file's name in the home folder.
    package static let fileName = "dashboard-commands.json"

    /// The file.
    package let url: URL
    private let lock = Mutex(())

    /// A store in `home` (the folder is made on the first save).
    package init(home: URL) {
        url = home.appendingPathComponent(Self.fileName)
    }

    /// The saved commands, in the order they were saved; none when the file does not exist yet.
    package func list() throws(StoreError) -> [SavedCommand] {
        try lock.withLock { _ throws(StoreError) in try read() }
    }

    /// Saves `command`, replacing one of the same name; returns the list.
    @discardableResult
    package func save(_ command: SavedCommand) throws(StoreError) -> [SavedCommand] {
        do {
            _ = try command.action()
        } catch {
            throw StoreError(description: error.description)
        }
        return try lock.withLock { _ throws(StoreError) in
            var commands = try read()
            if let index = commands.firstIndex(where: { $0.name == command.name }) {
                commands[index] = command
            } else {
                commands.append(command)
            }
            try write(commands)
            return commands
        }
    }

    /// Deletes the command named `name` (nothing when there is none); returns the list.
    @discardableResult
    package func delete(named name: String) throws(StoreError) -> [SavedCommand] {
        try lock.withLock { _ throws(StoreError) in
            var commands = try read()
            commands.removeAll { $0.name == name }
            try write(commands)
            return commands
        }
    }

    private func read() throws(StoreError) -> [SavedCommand] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        do {
            return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).commands
        } catch {
            throw StoreError(description: "\(url.path) is not a saved-commands file (\(error)); fix it or move it away, and the page saves a new one.")
        }
    }

    private func write(_ commands: [SavedCommand]) throws(StoreError) {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(File(commands: commands)).write(to: url, options: .atomic)
        } catch {
            throw StoreError(description: "cannot write \(url.path): \(error); check that the folder is writable.")
        }
    }
}
