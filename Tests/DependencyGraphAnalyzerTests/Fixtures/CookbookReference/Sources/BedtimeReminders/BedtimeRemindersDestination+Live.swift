import HatchModularDependencyContainer

extension BedtimeRemindersDestination {
    @MainActor
    public static func liveEntry(
        publicDestination: BedtimeRemindersDestination.Public,
        dependencies: BedtimeRemindersDependencies
    ) -> BedtimeRemindersEntry {
        BedtimeRemindersEntry(
            entryDestination: .public(publicDestination),
            builder: { destination, mode, navigationClient in
                let state: BedtimeRemindersDestinationState = switch destination.type {
                case .public:
                    .main(BedtimeRemindersViewModel(dependencies: dependencies, navigationClient: navigationClient))
                case .external(let externalDestination):
                    switch externalDestination {
                    case .contentPreview(let publicDestination):
                        .contentPreview(
                            ContentPreviewDestination.liveEntry(
                                publicDestination: publicDestination,
                                dependencies: dependencies.buildChild(ContentPreviewDependencies.self)
                            )
                        )
                    }
                }
                return BedtimeRemindersDestinationView(state: state, mode: mode, client: navigationClient)
            }
        )
    }
}
