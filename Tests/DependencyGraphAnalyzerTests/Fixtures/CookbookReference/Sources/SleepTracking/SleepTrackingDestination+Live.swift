import HatchModularDependencyContainer

extension SleepTrackingDestination {
    @MainActor
    public static func liveEntry(
        publicDestination: SleepTrackingDestination.Public,
        dependencies: SleepTrackingDependencies
    ) -> SleepTrackingEntry {
        SleepTrackingEntry(
            entryDestination: .public(publicDestination),
            builder: { destination, mode, navigationClient in
                let state: SleepTrackingDestinationState = switch destination.type {
                case .public:
                    .main(SleepTrackingViewModel(dependencies: dependencies, navigationClient: navigationClient))
                case .external(let externalDestination):
                    switch externalDestination {
                    case .bedtimeReminders(let publicDestination):
                        .bedtimeReminders(
                            BedtimeRemindersDestination.liveEntry(
                                publicDestination: publicDestination,
                                dependencies: dependencies.buildChild(BedtimeRemindersDependencies.self)
                            )
                        )
                    }
                }
                return SleepTrackingDestinationView(state: state, mode: mode, client: navigationClient)
            }
        )
    }
}
