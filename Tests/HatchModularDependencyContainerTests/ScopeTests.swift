import HatchModularDependencyContainer
import Testing

/// Every scope, key, local, input and main-actor rule of the cookbook's "Registration Scopes Reference".
@Suite("Scopes, keys, locals, inputs, main actor")
struct ScopeTests {
    final class Numbered: Sendable {
        let number = SequenceNumber.next()
        let containerChain: [String]
        init(_ container: DependencyContainer? = nil) { containerChain = container?.chain ?? [] }
    }

    @Test("registerInstance: a new instance on every resolution")
    func transient() throws {
        let builder = DependencyBuilder<AppRoot>()
        try builder.registerInstance(Numbered.self) { _ in Numbered() }
        let root = builder.freeze()
        #expect(try root.resolve(Numbered.self) !== root.resolve(Numbered.self))
    }

    @Test("registerSingleton: one instance for the container and all its descendants, factory runs once")
    func singleton() throws {
        let runs = Counter()
        let builder = DependencyBuilder<AppRoot>()
        try builder.registerSingleton(Numbered.self) { container in
            runs.increment()
            return Numbered(container)
        }
        let root = builder.freeze()
        let child = root.buildChild(ProbeChildDependencies.self).container
        let grandchild = child.buildChild(ProbeGrandchildDependencies.self).container
        let fromGrandchild = try grandchild.resolve(Numbered.self)
        #expect(try root.resolve(Numbered.self) === fromGrandchild)
        #expect(try child.resolve(Numbered.self) === fromGrandchild)
        #expect(runs.value == 1)
        #expect(fromGrandchild.containerChain == ["AppRoot"], "a singleton's factory receives its declaring container")
    }

    @Test("registerScoped: one instance per resolving container, built from that container")
    func scoped() throws {
        let builder = DependencyBuilder<AppRoot>()
        try builder.registerScoped(Numbered.self) { container in Numbered(container) }
        let root = builder.freeze()
        let child = root.buildChild(ProbeChildDependencies.self).container
        let sibling = root.buildChild(ProbeChildDependencies.self).container
        #expect(try child.resolve(Numbered.self) === child.resolve(Numbered.self))
        #expect(try child.resolve(Numbered.self) !== sibling.resolve(Numbered.self))
        #expect(try child.resolve(Numbered.self) !== root.resolve(Numbered.self))
        #expect(try child.resolve(Numbered.self).containerChain == ["AppRoot", "ProbeChildDependencies"])
    }

    @Test("keys: the same type under different keys are different registrations")
    func keys() throws {
        let builder = DependencyBuilder<AppRoot>()
        try builder.registerSingleton(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude) { _ in HatchAnalyticsClient(provider: "amplitude") }
        try builder.registerSingleton(HatchAnalyticsClient.self, key: AnalyticsKey.statsig) { _ in HatchAnalyticsClient(provider: "statsig") }
        try builder.registerSingleton(HatchAnalyticsClient.self, key: "string key") { _ in HatchAnalyticsClient(provider: "string") }
        try builder.registerSingleton(HatchAnalyticsClient.self) { _ in HatchAnalyticsClient(provider: "unkeyed") }
        let child = builder.freeze().buildChild(ProbeChildDependencies.self).container
        #expect(try child.resolve(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude).provider == "amplitude")
        #expect(try child.resolve(HatchAnalyticsClient.self, key: AnalyticsKey.statsig).provider == "statsig")
        #expect(try child.resolve(HatchAnalyticsClient.self, key: "string key").provider == "string")
        #expect(try child.resolve(HatchAnalyticsClient.self).provider == "unkeyed")
        #expect(AnyDependencyKey(AnalyticsKey.amplitude).description == "AnalyticsKey.amplitude")
        #expect(AnyDependencyKey("string key").description == "\"string key\"")
        #expect(Requirement(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude).description == "HatchAnalyticsClient (key: AnalyticsKey.amplitude)")
        #expect(Requirement((any RoutineCoordinating).self).typeName == "any RoutineCoordinating")
    }

    @Test("local: visible in the declaring container only, not in children")
    func local() throws {
        let builder = DependencyBuilder<AppRoot>()
        try builder.local.registerSingleton(ContentClient.self) { _ in ContentClient(name: "root-local") }
        let root = builder.freeze()
        #expect(try root.resolve(ContentClient.self).name == "root-local")
        let child = root.buildChild(ProbeChildDependencies.self).container
        #expect(throws: DependencyResolutionError.self) { try child.resolve(ContentClient.self) }
    }

    @Test("local does not hide an inherited registration further up")
    func localSkipsToGrandparent() throws {
        let builder = DependencyBuilder<AppRoot>()
        try builder.registerSingleton(ContentClient.self) { _ in ContentClient(name: "root") }
        let child = builder.freeze().buildChild(ProbeChildDependencies.self) { childBuilder in
            try? childBuilder.local.registerSingleton(ContentClient.self) { _ in ContentClient(name: "child-local") }
        }.container
        #expect(try child.resolve(ContentClient.self).name == "child-local")
        let grandchild = child.buildChild(ProbeGrandchildDependencies.self).container
        #expect(try grandchild.resolve(ContentClient.self).name == "root")
    }

    @Test("mainActor: resolved with resolveMainActor; resolve throws an error naming it, never crashes")
    @MainActor
    func mainActor() throws {
        let builder = DependencyBuilder<AppRoot>()
        try builder.mainActor.registerSingleton(ContentClient.self) { _ in ContentClient(name: "main") }
        try builder.mainActor.registerSingleton(AdultRoutineCoordinator.self) { _ in .mock }
        let child = builder.freeze().buildChild(ProbeChildDependencies.self).container
        #expect(try child.resolveMainActor(ContentClient.self).name == "main")
        #expect(try child.resolveMainActor(AdultRoutineCoordinator.self) === child.resolveMainActor(AdultRoutineCoordinator.self))
        let error = #expect(throws: DependencyResolutionError.self) { try child.resolve(ContentClient.self) }
        #expect(error?.reason == .requiresMainActor)
        #expect(error?.description.contains("resolveMainActor(ContentClient.self)") == true)
    }

    @Test("local.mainActor: both constraints")
    @MainActor
    func localMainActor() throws {
        let builder = DependencyBuilder<AppRoot>()
        try builder.local.mainActor.registerSingleton(AdultRoutineCoordinator.self) { _ in .mock }
        let root = builder.freeze()
        _ = try root.resolveMainActor(AdultRoutineCoordinator.self)
        let child = root.buildChild(ProbeChildDependencies.self).container
        let error = #expect(throws: DependencyResolutionError.self) { try child.resolveMainActor(AdultRoutineCoordinator.self) }
        #expect(error?.nearMisses.map(\.kind) == [.localInAncestor])
    }

    @Test("resolveMainActor also resolves Sendable registrations")
    @MainActor
    func resolveMainActorOfSendable() throws {
        let builder = DependencyBuilder<AppRoot>()
        try builder.registerSingleton(ContentClient.self) { _ in ContentClient(name: "any") }
        #expect(try builder.freeze().resolveMainActor(ContentClient.self).name == "any")
    }

    @Test("inputs: resolvable through resolve, inherited by descendants, last value wins")
    func inputs() throws {
        let root = DependencyBuilder<AppRoot>().freeze()
        let child = root.buildChild(ProbeChildDependencies.self) { childBuilder in
            childBuilder.provideInput(MacAddress.self, Tagged("first"))
            childBuilder.provideInput(MacAddress.self, Tagged("second"))
        }.container
        #expect(try child.resolve(MacAddress.self).rawValue == "second")
        let grandchild = child.buildChild(ProbeGrandchildDependencies.self).container
        #expect(try grandchild.resolve(MacAddress.self).rawValue == "second")
    }

    @Test("a child's registration shadows its parent's")
    func shadowing() throws {
        let builder = DependencyBuilder<AppRoot>()
        try builder.registerSingleton(ContentClient.self) { _ in ContentClient(name: "parent") }
        let root = builder.freeze()
        let child = root.buildChild(ProbeChildDependencies.self) { childBuilder in
            try? childBuilder.registerSingleton(ContentClient.self) { _ in ContentClient(name: "child") }
        }
        #expect(try child.container.resolve(ContentClient.self).name == "child")
        #expect(try root.resolve(ContentClient.self).name == "parent")
    }

    @Test("buildChild's closure overrides what the child registers itself")
    @MainActor
    func buildChildOverrides() throws {
        let (_, screen) = makeAppCompositionRoot()
        let routine = screen.buildChild(AdultRoutineDependencies.self) { childBuilder in
            try? childBuilder.local.mainActor.registerSingleton(RoutineStateProvider.self) { _ in
                RoutineStateProvider(coordinator: .mock, contentClient: ContentClient(name: "override"), deviceStateEmitter: .noOp)
            }
        }
        #expect(routine.routineStateProvider.contentClient.name == "override")
    }

    @Test("duplicate registration of the same type and key in one builder throws")
    func duplicate() throws {
        let builder = DependencyBuilder<AppRoot>()
        try builder.registerSingleton(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude) { _ in .noOp }
        try builder.registerSingleton(HatchAnalyticsClient.self, key: AnalyticsKey.statsig) { _ in .noOp }
        let error = #expect(throws: DependencyRegistrationError.self) {
            try builder.local.registerInstance(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude) { _ in .noOp }
        }
        let message = error?.description ?? ""
        #expect(message.contains("Duplicate registration of HatchAnalyticsClient (key: AnalyticsKey.amplitude) in AppRoot"))
        #expect(message.contains("already registered as a singleton"))
        #expect(message.contains("Remove one of the two registrations"))
    }

    @Test("freeze returns independent roots with their own singletons")
    func freezeTwice() throws {
        let builder = DependencyBuilder<AppRoot>()
        try builder.registerSingleton(Numbered.self) { _ in Numbered() }
        #expect(try builder.freeze().resolve(Numbered.self) !== builder.freeze().resolve(Numbered.self))
    }

    @Test("building the same child twice gives it fresh singletons of its own registrations")
    func childSingletonsPerBuild() throws {
        let root = DependencyBuilder<AppRoot>().freeze()
        let register: (DependencyBuilder<ProbeChildDependencies>) -> Void = { childBuilder in
            try? childBuilder.registerSingleton(Numbered.self) { _ in Numbered() }
        }
        let first = root.buildChild(ProbeChildDependencies.self, register).container
        let second = root.buildChild(ProbeChildDependencies.self, register).container
        #expect(try first.resolve(Numbered.self) !== second.resolve(Numbered.self))
    }

    /// A cached class instance is served straight from its published word, anything else through its box:
    /// both must give back exactly the value the factory made, cached or not, at the root and below it.
    @Test("cached values of every shape come back intact: class, 8-byte value, optional class, existential, closure")
    func cachedValueShapes() throws {
        struct Word: Sendable, Equatable { let bits: UInt }
        let instance = Numbered()
        let builder = DependencyBuilder<AppRoot>()
        try builder.registerSingleton(Numbered.self) { _ in instance }
        try builder.registerSingleton(Int.self) { _ in 0x7FFF_FFFF_FFFF_FFF1 }
        try builder.registerSingleton(Word.self) { _ in Word(bits: 0xDEAD_BEEF_0000_0001) }
        try builder.registerSingleton(Numbered?.self) { _ in nil }
        try builder.registerSingleton((any Sendable).self) { _ in "existential" }
        try builder.registerSingleton((@Sendable () -> Int).self) { _ in { 42 } }
        let root = builder.freeze()
        let child = root.buildChild(ProbeChildDependencies.self).container
        for container in [root, child, root, child] {
            #expect(try container.resolve(Numbered.self) === instance)
            #expect(try container.resolve(Int.self) == 0x7FFF_FFFF_FFFF_FFF1)
            #expect(try container.resolve(Word.self) == Word(bits: 0xDEAD_BEEF_0000_0001))
            #expect(try container.resolve(Numbered?.self) == nil)
            #expect(try container.resolve((any Sendable).self) as? String == "existential")
            #expect(try container.resolve((@Sendable () -> Int).self)() == 42)
        }
    }
}
