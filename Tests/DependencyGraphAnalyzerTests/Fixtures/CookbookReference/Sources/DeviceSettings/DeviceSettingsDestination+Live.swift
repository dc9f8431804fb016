import HatchModularDependencyContainer

extension DeviceSettingsDestination {
    @MainActor
    public static func liveEntry(
        publicDestination: DeviceSettingsDestination.Public,
        dependencies: DeviceSettingsDependencies
    ) -> DeviceSettingsEntry {
        DeviceSettingsEntry(
            entryDestination: .public(publicDestination),
            builder: { destination, mode, navigationClient in
                let state: DeviceSettingsDestinationState = switch destination.type {
                case .public:
                    .main(DeviceSettingsViewModel(dependencies: dependencies, navigationClient: navigationClient))
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
                return DeviceSettingsDestinationView(state: state, mode: mode, client: navigationClient)
            }
        )
    }
}
