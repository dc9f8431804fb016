import HatchModularDependencyContainer

extension AdultRoutineDestination {
    @MainActor
    public static func liveEntry(
        publicDestination: AdultRoutineDestination.Public,
        dependencies: AdultRoutineDependencies
    ) -> AdultRoutineEntry {
        AdultRoutineEntry(
            entryDestination: .public(publicDestination),
            builder: { destination, mode, navigationClient in
                let state: AdultRoutineDestinationState = switch destination.type {
                case .public:
                    .main(AdultRoutineViewModel(dependencies: dependencies, navigationClient: navigationClient))
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
                    case .adultContentDetail(let publicDestination):
                        .adultContentDetail(
                            AdultContentDetailDestination.liveEntry(
                                publicDestination: publicDestination,
                                dependencies: dependencies.buildChild(AdultContentDetailDependencies.self)
                            )
                        )
                    }
                }
                return AdultRoutineDestinationView(state: state, mode: mode, client: navigationClient)
            }
        )
    }
}
