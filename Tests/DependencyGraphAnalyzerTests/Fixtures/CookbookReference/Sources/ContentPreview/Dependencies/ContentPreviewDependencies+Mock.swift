//
//  ContentPreviewDependencies+Mock.swift
//

import HatchModularDependencyContainer

extension ContentPreviewDependencies: TestDependencyProvider {
    public static func mockRegistration(in builder: MockDependencyBuilder<ContentPreviewDependencies>) {
        do {
            try builder.registerSingleton(DeviceStateEmitterClient.Factory.self) { _ in .noOp }
            try builder.registerSingleton(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude) { _ in .noOp }
            try builder.registerSingleton(HatchAnalyticsClient.self, key: AnalyticsKey.statsig) { _ in .noOp }
            try builder.registerSingleton(IoTActionSenderClient.self) { _ in .noOp }
            builder.provideInput(HardwareProduct.self, .restoreIoT)
        } catch {
            preconditionFailure("\(Self.self): Failed to register mock dependencies. Error: \(error).")
        }
    }
}
