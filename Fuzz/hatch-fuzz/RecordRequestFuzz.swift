import Foundation
import HatchDeviceModel
import HatchDeviceSimulator

/// Routine and alarm requests (decoded and applied to a collection) and fleet control requests.
/// A rejected request must leave the collection as it was.
enum RecordRequestFuzz {
    static let routines = RecordCollection(dataVersion: 4, items: [
        Routine(id: 1, name: "Bedtime", type: .sleep, steps: [RoutineStep(sound: SoundState(id: 3, v: 100), duration: 60)]),
        Routine(id: 7, name: "Ocean", type: .favorite, steps: [RoutineStep(sound: SoundState(id: 7, v: 200))]),
    ])
    static let alarms = RecordCollection<Alarm>(dataVersion: 2)

    static func run(_ data: Data) {
        if let request = try? RecordRequest<Routine>(payload: data) {
            var collection = routines
            do { try collection.apply(request) } catch {
                if collection != routines { fatalError("a rejected routine request changed the collection") }
            }
        }
        if let request = try? RecordRequest<Alarm>(payload: data) {
            var collection = alarms
            do { try collection.apply(request) } catch {
                if collection != alarms { fatalError("a rejected alarm request changed the collection") }
            }
        }
        _ = try? FleetControlCommand.decode(data)
    }
}
