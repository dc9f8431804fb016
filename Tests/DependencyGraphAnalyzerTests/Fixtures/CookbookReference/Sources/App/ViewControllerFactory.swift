import HatchModularDependencyContainer

enum AppRoot {}

@MainActor
final class ViewControllerFactory {
    func makeAdultScreen(hardwareProduct: HardwareProduct, macAddress: String, userIdentifier: AdultUserIdentifier) -> AdultScreen {
        // Build root container
        let dependencyBuilder = DependencyBuilder<AppRoot>()

        do {
            try dependencyBuilder.registerSingleton(ContentClient.self) { _ in .live }
            try dependencyBuilder.registerSingleton(VisualAssetsClient.self) { _ in .live }
            try dependencyBuilder.registerSingleton(DeviceStateEmitterClient.Factory.self) { _ in .live }
            try dependencyBuilder.registerSingleton(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude) { _ in .amplitude }
            try dependencyBuilder.registerSingleton(HatchAnalyticsClient.self, key: AnalyticsKey.statsig) { _ in .statsig }
            try dependencyBuilder.registerSingleton(IoTActionSenderClient.self) { _ in .live }
            try dependencyBuilder.registerSingleton(FavoritesClient.self) { _ in .live }
            try dependencyBuilder.registerSingleton(SubscriptionClient.self) { _ in .live }
            try dependencyBuilder.registerSingleton(IoTDeviceConnectionStateClient.Factory.self) { _ in .live }
            try dependencyBuilder.registerSingleton(IoTDeviceStateEmitterClient.self) { _ in .live }
            try dependencyBuilder.registerSingleton(SleepClient.self) { _ in .live }
            try dependencyBuilder.registerSingleton(RoutineClient.self) { _ in .live }
            try dependencyBuilder.registerSingleton(AlarmClient.self) { _ in .live }
            try dependencyBuilder.registerSingleton(SoundClient.self) { _ in .live }
            try dependencyBuilder.registerSingleton(BedtimeScheduleClient.self) { _ in .live }
            try dependencyBuilder.registerSingleton(SleepInsightsClient.self) { _ in .live }
            try dependencyBuilder.registerSingleton(DeviceSettingsClient.self) { _ in .live }
            try dependencyBuilder.registerSingleton(FirmwareClient.self) { _ in .live }
            try dependencyBuilder.mainActor.registerSingleton(LibraryContentClient.self) { _ in .live }
        } catch {
            preconditionFailure("Failed to register dependencies. Error: \(error).")
        }

        let rootContainer = dependencyBuilder.freeze()

        // Build the first child with runtime inputs
        let screenDependencies = rootContainer.buildChild(AdultScreenDependencies.self) { childBuilder in
            childBuilder.provideInput(HardwareProduct.self, hardwareProduct)
            childBuilder.provideInput(MacAddress.self, Tagged(macAddress))
            childBuilder.provideInput(AdultUserIdentifier.self, userIdentifier)
            childBuilder.provideInput(HA25ToolbarViewModel.self, HA25ToolbarViewModel())
        }
        settingsDependencies = rootContainer.buildChild(DeviceSettingsDependencies.self) { childBuilder in
            childBuilder.provideInput(MacAddress.self, Tagged(macAddress))
            childBuilder.provideInput(HardwareProduct.self, hardwareProduct)
        }

        return AdultScreen.live(dependencies: screenDependencies)
    }

    private var settingsDependencies: DeviceSettingsDependencies?
}
