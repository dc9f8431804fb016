import HatchAdultAlarms
import HatchDeviceModel
import HatchIoTActionSenderClient

extension DeviceTarget {
    /// The body of `alarm enable|disable|delete`: find the alarm, apply one edit, report it.
    func editAlarm(
        _ alarmQuery: String, action: String, pastTense: String,
        edit: @escaping @MainActor (AlarmStateProvider, Alarm) async throws -> IoTRecordReceipt
    ) async throws {
        try await onAlarms(action) { provider, device in
            let alarm = try provider.alarm(matching: alarmQuery)
            let receipt = try await edit(provider, alarm)
            return .init(detail: alarm.name, version: receipt.dataVersion, text: "\(pastTense) \"\(alarm.name)\" on \(device.name).")
        }
    }

    /// The body of `alarm snooze|dismiss`: act on the firing alarm, report it.
    func actOnFiringAlarm(
        action: String, pastTense: String, _ act: @escaping @MainActor (AlarmStateProvider) async throws -> IoTActionReceipt
    ) async throws {
        try await onAlarms(action) { provider, device in
            let alarm = provider.status.alarm
            let receipt = try await act(provider)
            return .init(detail: alarm?.name, version: receipt.version, text: "\(pastTense) \"\(alarm?.name ?? "the alarm")\" on \(device.name).")
        }
    }
}
