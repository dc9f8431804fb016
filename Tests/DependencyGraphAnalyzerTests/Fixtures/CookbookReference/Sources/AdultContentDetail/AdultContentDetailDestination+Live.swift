import HatchModularDependencyContainer

extension AdultContentDetailDestination {
    @MainActor
    public static func liveEntry(
        publicDestination: AdultContentDetailDestination.Public,
        dependencies: AdultContentDetailDependencies
    ) -> AdultContentDetailEntry {
        AdultContentDetailEntry(
            entryDestination: .public(publicDestination),
            builder: { destination, mode, navigationClient in
                let state: AdultContentDetailDestinationState = switch destination.type {
                case .public:
                    .main(AdultContentDetailViewModel(dependencies: dependencies, navigationClient: navigationClient))
                case .external(let externalDestination):
                    switch externalDestination {
                    case .adultAlarms(let publicDestination):
                        .adultAlarms(
                            AdultAlarmsDestination.liveEntry(
                                publicDestination: publicDestination,
                                dependencies: dependencies.buildChild(AdultAlarmsDependencies.self)
                            )
                        )
                    case .bedtimeReminders(let publicDestination):
                        .bedtimeReminders(
                            BedtimeRemindersDestination.liveEntry(
                                publicDestination: publicDestination,
                                dependencies: dependencies.buildChild(BedtimeRemindersDependencies.self)
                            )
                        )
                    case .contentPreview(let publicDestination):
                        .contentPreview(
                            ContentPreviewDestination.liveEntry(
                                publicDestination: publicDestination,
                                dependencies: dependencies.buildChild(ContentPreviewDependencies.self)
                            )
                        )
                    }
                }
                return AdultContentDetailDestinationView(state: state, mode: mode, client: navigationClient)
            }
        )
    }
}
