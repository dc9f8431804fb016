import HatchDeviceModel
import Synchronization

/// Records what a mock ``IoTActionSenderClient`` was asked to send, so tests can assert on it.
public final class IoTActionRecorder: Sendable {
    /// One recorded request.
    public enum Entry: Sendable, Hashable {
        /// A shadow action.
        case action(DeviceAction, MacAddress)
        /// A next-step request.
        case nextStep(routineID: Int, currentStep: Int, MacAddress)
        /// A routine record request.
        case routine(RecordRequest<Routine>, MacAddress)
        /// An alarm record request.
        case alarm(RecordRequest<Alarm>, MacAddress)
        /// A `desired` document sent as it is.
        case desired(JSONValue, MacAddress)
    }

    private let storage = Mutex<[Entry]>([])

    /// Creates an empty recorder.
    public init() {}

    /// Everything recorded so far, oldest first.
    public var entries: [Entry] { storage.withLock { $0 } }

    /// Appends an entry and returns how many there are now.
    @discardableResult
    func record(_ entry: Entry) -> Int {
        storage.withLock { entries in
            entries.append(entry)
            return entries.count
        }
    }
}
