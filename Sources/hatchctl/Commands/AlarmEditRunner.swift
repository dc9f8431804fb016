import HatchAdultAlarms
import HatchDeviceModel
import HatchIoTActionSenderClient

/// Shared body of `alarm enable|disable|delete`: find the alarm, apply one edit, report it.
enum AlarmEditRunner {
    static func run(
        device query: String, alarm alarmQuery: String, options: DeviceCommandOptions, action: String, pastTense: String,
        edit: @escaping @MainActor (AlarmStateProvider, Alarm) async throws -> IoTRecordReceipt
    ) async throws {
        let console = options.console
        try await ControlContext.runOnDevice(query, options: options) { context, device in
            let provider = try await AlarmProvider.loaded(for: device, context: context)
            let alarm = try await MainActor.run { try provider.alarm(matching: alarmQuery) }
            let receipt = try await edit(provider, alarm)
            console.emit(ActionResult(device: device, action: action, detail: alarm.name, version: receipt.dataVersion)) {
                "\(pastTense) \"\(alarm.name)\" on \(device.name)."
            }
        }
    }
}
