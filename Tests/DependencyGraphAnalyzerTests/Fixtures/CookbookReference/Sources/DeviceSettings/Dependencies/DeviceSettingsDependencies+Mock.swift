//
//  DeviceSettingsDependencies+Mock.swift
//

import HatchModularDependencyContainer

extension DeviceSettingsDependencies: TestDependencyProvider {
    public static func mockRegistration(in builder: MockDependencyBuilder<DeviceSettingsDependencies>) {
        do {
            builder.importDependencies(ContentPreviewDependencies.self)
            try builder.registerSingleton(DeviceSettingsClient.self) { _ in .mock() }
            try builder.registerSingleton(FirmwareClient.self) { _ in .mock() }
            try builder.registerSingleton(IoTDeviceConnectionStateClient.Factory.self) { _ in .noOp }
            try builder.mainActor.registerSingleton(DeviceSettingsRouter.self) { _ in DeviceSettingsRouter() }
            builder.provideInput(MacAddress.self, Tagged(rawValue: "00:00:00:00:00:00"))
        } catch {
            preconditionFailure("\(Self.self): Failed to register mock dependencies. Error: \(error).")
        }
    }
}
