import HatchModularDependencyContainer
import Testing

/// A dependencies struct that is itself `@MainActor` (as in a module that defaults to the main actor).
@MainActor
@DependencyRequirements([Requirement(ContentClient.self)], mainActor: [Requirement(AdultRoutineCoordinator.self)])
struct MainActorFeatureDependencies {}

/// The generated members are explicitly non-isolated (main-actor accessors excepted), so a `@MainActor`
/// struct still conforms and can be built from any context.
@Suite("@DependencyRequirements behaviour: @MainActor structs")
struct MainActorStructTests {
    @Test("A @MainActor struct conforms, is built by buildChild and resolves from a detached task")
    func mainActorStruct() async throws {
        let dependencies = try ProductionResolutionTests.featureParent().buildChild(MainActorFeatureDependencies.self)
        let content = await Task.detached { dependencies.contentClient }.value
        #expect(content == .live)
        let coordinatorName = await MainActor.run { dependencies.adultRoutineCoordinator.coordinator.name }
        #expect(coordinatorName == "mock")
    }
}
