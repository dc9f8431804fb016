import HatchModularDependencyContainer

// Cookbook 001, "Mid-Level Module (imports cover most requirements)": mockRegistration is verbatim.
struct AdultLibraryDependencies: DependencyRequirements {
    let container: DependencyContainer
    init(_ container: DependencyContainer) { self.container = container }

    static let requirements = DeclaredRequirements(
        [Requirement(ContentClient.self), Requirement(FavoritesClient.self)],
        mainActor: [Requirement(LibraryContentClient.self)]
    )

    var contentClient: ContentClient { container.requirement(ContentClient.self, accessor: "contentClient") }
    var favoritesClient: FavoritesClient { container.requirement(FavoritesClient.self, accessor: "favoritesClient") }
    @MainActor var libraryContentClient: LibraryContentClient {
        container.mainActorRequirement(LibraryContentClient.self, accessor: "libraryContentClient")
    }
}

extension AdultLibraryDependencies: TestDependencyProvider {
    public static func mockRegistration(in builder: MockDependencyBuilder<AdultLibraryDependencies>) {
        do {
            builder.importDependencies(AdultContentDetailDependencies.self)
            try builder.registerSingleton(FavoritesClient.self) { _ in .mock() }
            try builder.mainActor.registerSingleton(LibraryContentClient.self) { _ in .mock() }
        } catch {
            preconditionFailure("\(Self.self): Failed to register mock dependencies. Error: \(error).")
        }
    }
}
