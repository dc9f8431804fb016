import HatchModularDependencyContainer

// Cookbook 001, "Leaf Module (no children)": mockRegistration is verbatim.
struct ContentPreviewDependencies: DependencyRequirements {
    let container: DependencyContainer
    init(_ container: DependencyContainer) { self.container = container }

    static let requirements = DeclaredRequirements(
        [
            Requirement(DeviceStateEmitterClient.Factory.self, accessorName: "deviceStateEmitterFactory"),
            Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude),
            Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.statsig),
            Requirement(IoTActionSenderClient.self, accessorName: "iotActionSender"),
        ],
        inputs: [InputRequirement(HardwareProduct.self)]
    )

    var deviceStateEmitterFactory: DeviceStateEmitterClient.Factory {
        container.requirement(DeviceStateEmitterClient.Factory.self, accessor: "deviceStateEmitterFactory")
    }
    var amplitudeAnalyticsClient: HatchAnalyticsClient {
        container.requirement(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude, accessor: "amplitudeAnalyticsClient")
    }
    var statsigAnalyticsClient: HatchAnalyticsClient {
        container.requirement(HatchAnalyticsClient.self, key: AnalyticsKey.statsig, accessor: "statsigAnalyticsClient")
    }
    var iotActionSender: IoTActionSenderClient { container.requirement(IoTActionSenderClient.self, accessor: "iotActionSender") }
    var hardwareProduct: HardwareProduct { container.input(HardwareProduct.self, accessor: "hardwareProduct") }
}

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
