import HatchModularDependencyContainer

extension AdultSleepDestination {
    @MainActor
    public static func liveEntry(
        publicDestination: AdultSleepDestination.Public,
        dependencies: AdultSleepDependencies
    ) -> AdultSleepEntry {
        AdultSleepEntry(
            entryDestination: .public(publicDestination),
            builder: { destination, mode, navigationClient in
                let state: AdultSleepDestinationState = switch destination.type {
                case .public:
                    .main(AdultSleepViewModel(dependencies: dependencies, navigationClient: navigationClient))
                case .external(let externalDestination):
                    switch externalDestination {
                    case .sleepTracking(let publicDestination):
                        .sleepTracking(
                            SleepTrackingDestination.liveEntry(
                                publicDestination: publicDestination,
                                dependencies: dependencies.buildChild(SleepTrackingDependencies.self) { childBuilder in
                                    childBuilder.provideInput(SleepSessionIdentifier.self, sessionIdentifier)
                                }
                            )
                        )
                    }
                }
                return AdultSleepDestinationView(state: state, mode: mode, client: navigationClient)
            }
        )
    }
}
