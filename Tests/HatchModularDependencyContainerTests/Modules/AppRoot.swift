import HatchModularDependencyContainer

/// The composition root's owner type: any type will do.
enum AppRoot {}

/// Cookbook 000, "App Composition Root", as a function so tests can run it (the body is verbatim, with the
/// root-level registrations the "…" stands for).
func makeAppCompositionRoot(
    contentClient: ContentClient = ContentClient(),
    amplitudeAnalyticsClient: HatchAnalyticsClient = HatchAnalyticsClient(provider: "amplitude"),
    hardwareProduct: HardwareProduct = .restoreV5,
    macAddress: String = "AA:BB:CC:DD:EE:FF"
) -> (root: DependencyContainer, screen: AdultScreenDependencies) {
    // Build root container
    let dependencyBuilder = DependencyBuilder<AppRoot>()

    do {
        try dependencyBuilder.registerSingleton(ContentClient.self) { _ in
            contentClient
        }
        try dependencyBuilder.registerSingleton(
            HatchAnalyticsClient.self,
            key: AnalyticsKey.amplitude
        ) { _ in
            amplitudeAnalyticsClient
        }
        // ... register all root-level dependencies
        try dependencyBuilder.registerSingleton((any RoutineCoordinating).self) { _ in MockRoutineCoordinator(name: "live") }
        try dependencyBuilder.registerSingleton(IoTDeviceStateEmitterClient.self) { _ in IoTDeviceStateEmitterClient() }
        try dependencyBuilder.registerSingleton(VisualAssetsClient.self) { _ in VisualAssetsClient() }
        try dependencyBuilder.registerSingleton(FavoritesClient.self) { _ in FavoritesClient() }
        try dependencyBuilder.registerSingleton(SubscriptionClient.self) { _ in .noOp }
        try dependencyBuilder.registerSingleton(IoTDeviceConnectionStateClient.Factory.self) { _ in .noOp }
    } catch {
        preconditionFailure("Failed to register dependencies. Error: \(error).")
    }

    let rootContainer = dependencyBuilder.freeze()

    // Build the first child with runtime inputs
    let screenDependencies = rootContainer.buildChild(AdultScreenDependencies.self) { childBuilder in
        childBuilder.provideInput(HardwareProduct.self, hardwareProduct)
        childBuilder.provideInput(MacAddress.self, Tagged(macAddress))
    }

    return (rootContainer, screenDependencies)
}
