import Dependencies
import HatchModularDependencyContainer
import Swinject

/// One singleton type per tag; reference types, like the services a feature module resolves.
final class Service<Tag>: Sendable {}

/// The module built by the `buildChild` benchmarks: two requirements from the parent and one input.
struct ScreenDependencies: DependencyRequirements {
    let container: DependencyContainer
    init(_ container: DependencyContainer) { self.container = container }
    static let requirements = DeclaredRequirements(
        [Requirement(Service<Tag0>.self), Requirement(Service<Tag1>.self)],
        inputs: [InputRequirement(String.self)]
    )
}

/// A module with no requirements, nested to build deep container chains.
struct LevelDependencies: DependencyRequirements {
    let container: DependencyContainer
    init(_ container: DependencyContainer) { self.container = container }
    static let requirements = DeclaredRequirements()
}

/// The same graph in every container: `registrations` singletons at the root.
enum BenchmarkGraph {
    enum AppRoot {}

    /// Our root container with `Service<Tag0>` … `Service<Tag99>` (or only the first ten).
    static func ourRoot(hundred: Bool = true) -> HatchModularDependencyContainer.DependencyContainer {
        let builder = DependencyBuilder<AppRoot>()
        do {
            if hundred {
                try registerHundredServices(in: builder)
            } else {
                try registerTenServices(in: builder)
            }
        } catch {
            fatalError("benchmark graph: \(error)")
        }
        return builder.freeze()
    }

    /// A chain of `depth` children under `root`; resolving from the last one walks `depth` levels.
    static func ourChain(depth: Int, under root: HatchModularDependencyContainer.DependencyContainer) -> HatchModularDependencyContainer.DependencyContainer {
        var container = root
        for _ in 0..<depth {
            container = container.buildChild(LevelDependencies.self).container
        }
        return container
    }

    /// Swinject's root container with the same hundred singletons.
    static func swinjectRoot() -> Swinject.Container {
        let container = Swinject.Container()
        registerHundredServices(in: container)
        return container
    }

    /// A chain of `depth` Swinject child containers.
    static func swinjectChain(depth: Int, under root: Swinject.Container) -> Swinject.Container {
        var container = root
        for _ in 0..<depth {
            container = Swinject.Container(parent: container)
        }
        return container
    }

    private static func registerTenServices(in builder: DependencyBuilder<AppRoot>) throws {
        try builder.registerSingleton(Service<Tag0>.self) { _ in Service<Tag0>() }
        try builder.registerSingleton(Service<Tag1>.self) { _ in Service<Tag1>() }
        try builder.registerSingleton(Service<Tag2>.self) { _ in Service<Tag2>() }
        try builder.registerSingleton(Service<Tag3>.self) { _ in Service<Tag3>() }
        try builder.registerSingleton(Service<Tag4>.self) { _ in Service<Tag4>() }
        try builder.registerSingleton(Service<Tag5>.self) { _ in Service<Tag5>() }
        try builder.registerSingleton(Service<Tag6>.self) { _ in Service<Tag6>() }
        try builder.registerSingleton(Service<Tag7>.self) { _ in Service<Tag7>() }
        try builder.registerSingleton(Service<Tag8>.self) { _ in Service<Tag8>() }
        try builder.registerSingleton(Service<Tag9>.self) { _ in Service<Tag9>() }
    }
}

// MARK: - swift-dependencies: the same ten singletons as dependency keys

enum ServiceKey0: DependencyKey { static let liveValue = Service<Tag0>() }
enum ServiceKey1: DependencyKey { static let liveValue = Service<Tag1>() }
enum ServiceKey2: DependencyKey { static let liveValue = Service<Tag2>() }
enum ServiceKey3: DependencyKey { static let liveValue = Service<Tag3>() }
enum ServiceKey4: DependencyKey { static let liveValue = Service<Tag4>() }
enum ServiceKey5: DependencyKey { static let liveValue = Service<Tag5>() }
enum ServiceKey6: DependencyKey { static let liveValue = Service<Tag6>() }
enum ServiceKey7: DependencyKey { static let liveValue = Service<Tag7>() }
enum ServiceKey8: DependencyKey { static let liveValue = Service<Tag8>() }
enum ServiceKey9: DependencyKey { static let liveValue = Service<Tag9>() }

extension DependencyValues {
    var service0: Service<Tag0> { get { self[ServiceKey0.self] } set { self[ServiceKey0.self] = newValue } }
    var service1: Service<Tag1> { get { self[ServiceKey1.self] } set { self[ServiceKey1.self] = newValue } }
    var service2: Service<Tag2> { get { self[ServiceKey2.self] } set { self[ServiceKey2.self] = newValue } }
    var service3: Service<Tag3> { get { self[ServiceKey3.self] } set { self[ServiceKey3.self] = newValue } }
    var service4: Service<Tag4> { get { self[ServiceKey4.self] } set { self[ServiceKey4.self] = newValue } }
    var service5: Service<Tag5> { get { self[ServiceKey5.self] } set { self[ServiceKey5.self] = newValue } }
    var service6: Service<Tag6> { get { self[ServiceKey6.self] } set { self[ServiceKey6.self] = newValue } }
    var service7: Service<Tag7> { get { self[ServiceKey7.self] } set { self[ServiceKey7.self] = newValue } }
    var service8: Service<Tag8> { get { self[ServiceKey8.self] } set { self[ServiceKey8.self] = newValue } }
    var service9: Service<Tag9> { get { self[ServiceKey9.self] } set { self[ServiceKey9.self] = newValue } }
}

/// A consumer reading its dependencies the swift-dependencies way.
struct DependencyReader {
    @Dependency(\.service0) var service0
    @Dependency(\.service1) var service1
    @Dependency(\.service2) var service2
    @Dependency(\.service3) var service3
    @Dependency(\.service4) var service4
    @Dependency(\.service5) var service5
    @Dependency(\.service6) var service6
    @Dependency(\.service7) var service7
    @Dependency(\.service8) var service8
    @Dependency(\.service9) var service9
}
