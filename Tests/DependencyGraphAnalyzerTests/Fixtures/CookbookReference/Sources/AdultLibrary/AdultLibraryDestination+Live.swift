import HatchModularDependencyContainer

extension AdultLibraryDestination {
    @MainActor
    public static func liveEntry(
        publicDestination: AdultLibraryDestination.Public,
        dependencies: AdultLibraryDependencies
    ) -> AdultLibraryEntry {
        AdultLibraryEntry(
            entryDestination: .public(publicDestination),
            builder: { destination, mode, navigationClient in
                let state: AdultLibraryDestinationState = switch destination.type {
                case .public:
                    .main(AdultLibraryViewModel(dependencies: dependencies, navigationClient: navigationClient))
                case .external(let externalDestination):
                    switch externalDestination {
                    case .adultContentDetail(let publicDestination):
                        .adultContentDetail(
                            AdultContentDetailDestination.liveEntry(
                                publicDestination: publicDestination,
                                dependencies: dependencies.buildChild(AdultContentDetailDependencies.self)
                            )
                        )
                    }
                }
                return AdultLibraryDestinationView(state: state, mode: mode, client: navigationClient)
            }
        )
    }
}
