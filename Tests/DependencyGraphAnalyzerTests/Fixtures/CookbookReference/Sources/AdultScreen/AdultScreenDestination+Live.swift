import HatchModularDependencyContainer

extension AdultScreenDestination {
    @MainActor
    public static func liveEntry(
        publicDestination: AdultScreenDestination.Public,
        dependencies: AdultScreenDependencies
    ) -> AdultScreenEntry {
        AdultScreenEntry(
            entryDestination: .public(publicDestination),
            builder: { destination, mode, navigationClient in
                let state: AdultScreenDestinationState = switch destination.type {
                case .public:
                    .main(AdultScreenViewModel(dependencies: dependencies, navigationClient: navigationClient))
                case .external(let externalDestination):
                    switch externalDestination {
                    case .adultSleep(let publicDestination):
                        .adultSleep(
                            AdultSleepDestination.liveEntry(
                                publicDestination: publicDestination,
                                dependencies: dependencies.buildChild(AdultSleepDependencies.self)
                            )
                        )
                    case .adultRoutine(let publicDestination):
                        .adultRoutine(
                            AdultRoutineDestination.liveEntry(
                                publicDestination: publicDestination,
                                dependencies: dependencies.buildChild(AdultRoutineDependencies.self)
                            )
                        )
                    case .adultLibrary(let publicDestination):
                        .adultLibrary(
                            AdultLibraryDestination.liveEntry(
                                publicDestination: publicDestination,
                                dependencies: dependencies.buildChild(AdultLibraryDependencies.self)
                            )
                        )
                    }
                }
                return AdultScreenDestinationView(state: state, mode: mode, client: navigationClient)
            }
        )
    }
}
