import HatchAdultAlarms
import HatchAdultRoutine
import HatchIoTActionSenderClient
import HatchIoTDeviceStateEmitterClient

/// Turns the errors of the clients and providers into ``FleetControlError``s (with their exit statuses).
package enum ErrorTranslation {
    /// The fleet-control error for `error` raised while working on `device`.
    package static func translate(_ error: any Error, device: KnownDevice?, timeout: Duration) -> FleetControlError? {
        let label = device?.label ?? "the device"
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        switch error {
        case let error as FleetControlError:
            return error
        case let error as IoTActionSenderError:
            switch error {
            case .rejected(let rejection): return .rejected(device: label, code: rejection.code, message: rejection.message)
            case .timeout: return .timeout(device: label, seconds: seconds)
            case .unsupported(_, let reason): return .unsupported(device: label, reason: reason)
            case .transport(let reason): return .brokerUnreachable(url: "the broker", reason: reason)
            }
        case let error as IoTDeviceStateEmitterError:
            switch error {
            case .rejected(let rejection): return .rejected(device: label, code: rejection.code, message: rejection.message)
            case .timeout: return .timeout(device: label, seconds: seconds)
            case .malformedDocument(_, let reason): return .unsupported(device: label, reason: "its shadow is not a Restore document (\(reason))")
            case .transport(let reason): return .brokerUnreachable(url: "the broker", reason: reason)
            }
        case let error as RoutineStateError:
            switch error {
            case .unknownRoutine(let query, let known): return .notFound(kind: "routine", query: query, known: known)
            case .routineDisabled, .nothingRunning, .lastStep, .notLoaded: return .invalidArgument(error.description)
            }
        case let error as AlarmStateError:
            switch error {
            case .unknownAlarm(let query, let known): return .notFound(kind: "alarm", query: query, known: known)
            case .notRinging, .notRingingYet, .notLoaded: return .invalidArgument(error.description)
            }
        default:
            return nil
        }
    }
}
