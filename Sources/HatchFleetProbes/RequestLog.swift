import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import Synchronization

/// An append-only file of the requests with a `clientToken` that a fleet applied or answered as a
/// repeat, one line each: `applied|repeated <thing> <kind> <token>`. `fleet run --request-log`
/// writes it (each line with one write, after the device saved its state and before it replied);
/// `fleet chaos` reads it to tell applied, duplicated and lost commands apart across fleet kills.
package final class RequestLog: Sendable {
    private let handle: Mutex<FileHandle>

    /// Opens (creates) the file for appending.
    package init(url: URL) throws {
        if !FileManager.default.fileExists(atPath: url.path) {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw RequestLogError.cannotCreate(option: "--request-log", path: url.path)
            }
        }
        let handle = try FileHandle(forWritingTo: url)
        handle.seekToEndOfFile()
        self.handle = Mutex(handle)
    }

    /// Appends one line.
    package func record(_ thing: ThingName, _ request: ClientRequest) {
        let line = "\(request.repeated ? "repeated" : "applied") \(thing.rawValue) \(request.kind.rawValue) \(request.clientToken)\n"
        handle.withLock { try? $0.write(contentsOf: Data(line.utf8)) }
    }

    /// The requests in a log file (a cut-off last line is skipped).
    package static func read(_ url: URL) -> [(thing: String, request: ClientRequest)] {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: true).compactMap(parse)
    }

    /// One line of the log, or `nil` for a line that is not one.
    package static func parse(_ line: Substring) -> (thing: String, request: ClientRequest)? {
        let fields = line.split(separator: " ")
        guard fields.count == 4, let kind = ClientRequest.Kind(rawValue: String(fields[2])),
              fields[0] == "applied" || fields[0] == "repeated" else { return nil }
        return (String(fields[1]), ClientRequest(kind: kind, clientToken: String(fields[3]), repeated: fields[0] == "repeated"))
    }
}
