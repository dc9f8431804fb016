import Foundation
import HatchDeviceModel
import HatchDeviceSimulator
import Synchronization

/// An append-only file of what the devices' engines did that a scenario measures: routines started
/// and finished, sunrises, alarms fired, snoozed and dismissed, one line each:
/// `<simulated epoch seconds> <thing> <event> [<id> [<until>]]`. `fleet run --event-log` writes it, so
/// that a scenario engine running the fleet in shard processes sees what an in-process fleet tells it.
package final class EngineEventLog: Sendable {
    private let handle: Mutex<FileHandle>

    /// Opens (creates) the file for appending.
    package init(url: URL) throws(RequestLogError) {
        if !FileManager.default.fileExists(atPath: url.path) {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw .cannotCreate(option: "--event-log", path: url.path)
            }
        }
        do {
            let handle = try FileHandle(forWritingTo: url)
            handle.seekToEndOfFile()
            self.handle = Mutex(handle)
        } catch {
            throw .cannotCreate(option: "--event-log", path: url.path)
        }
    }

    /// Appends `event` of `thing` at the simulated time `at`, when a scenario measures that kind.
    package func record(_ thing: ThingName, _ event: EngineEvent, at: Date) {
        guard let line = Self.line(thing, event, at: at) else { return }
        handle.withLock { try? $0.write(contentsOf: Data(line.utf8)) }
    }

    /// The line for `event`, or `nil` for the kinds no scenario measures (settings and records saved, a flat battery).
    package static func line(_ thing: ThingName, _ event: EngineEvent, at: Date) -> String? {
        let fields: [String]
        switch event {
        case .routineStarted(let id): fields = ["routineStarted", String(id)]
        case .routineFinished(let id): fields = ["routineFinished", String(id)]
        case .sunriseStarted(let id): fields = ["sunriseStarted", String(id)]
        case .alarmFired(let id): fields = ["alarmFired", String(id)]
        case .alarmSnoozed(let id, let until): fields = ["alarmSnoozed", String(id), String(until)]
        case .alarmDismissed(let id): fields = ["alarmDismissed", String(id)]
        case .settingsChanged, .recordsChanged, .batteryDepleted: return nil
        }
        return ([String(format: "%.3f", at.timeIntervalSince1970), thing.rawValue] + fields).joined(separator: " ") + "\n"
    }

    /// One line of the log, or `nil` for a line that is not one.
    package static func parse(_ line: Substring) -> (thing: ThingName, event: EngineEvent, at: Date)? {
        let fields = line.split(separator: " ")
        guard fields.count >= 4, let seconds = Double(fields[0]), let id = Int(fields[3]) else { return nil }
        let event: EngineEvent
        switch fields[2] {
        case "routineStarted": event = .routineStarted(id: id)
        case "routineFinished": event = .routineFinished(id: id)
        case "sunriseStarted": event = .sunriseStarted(alarmID: id)
        case "alarmFired": event = .alarmFired(alarmID: id)
        case "alarmSnoozed":
            guard fields.count == 5, let until = Int(fields[4]) else { return nil }
            event = .alarmSnoozed(alarmID: id, until: until)
        case "alarmDismissed": event = .alarmDismissed(alarmID: id)
        default: return nil
        }
        return (ThingName(rawValue: String(fields[1])), event, Date(timeIntervalSince1970: seconds))
    }
}
