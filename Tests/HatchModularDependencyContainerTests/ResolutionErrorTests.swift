import Dispatch
import Foundation
import HatchModularDependencyContainer
import Testing

/// Every resolution and validation error, with its message checked.
@Suite("Errors")
struct ResolutionErrorTests {
    final class CycleA: Sendable {
        init(_ b: CycleB?) {}
    }

    final class CycleB: Sendable {
        init(_ a: CycleA?) {}
    }

    struct DiskFull: Error, CustomStringConvertible {
        var description: String { "disk full" }
    }

    @Test("not registered: type, container chain, resolution path, near misses and the next step")
    @MainActor
    func notRegistered() throws {
        let rootBuilder = DependencyBuilder<AppRoot>()
        try rootBuilder.registerSingleton((any RoutineCoordinating).self, key: "legacy") { _ in MockRoutineCoordinator() }
        let root = rootBuilder.freeze()
        let settings = root.buildChild(ErrorGraph.DeviceSettingsDependencies.self) { childBuilder in
            childBuilder.provideInput((any RoutineCoordinating).self, MockRoutineCoordinator())
        }
        let screen = root.buildChild(ErrorGraph.AdultScreenDependencies.self) { childBuilder in
            try? childBuilder.local.registerSingleton((any RoutineCoordinating).self) { _ in MockRoutineCoordinator() }
        }
        let routine = screen.buildChild(ErrorGraph.AdultRoutineDependencies.self) { childBuilder in
            try? childBuilder.mainActor.registerSingleton(AlarmStateProvider.self) { container in
                try AlarmStateProvider(
                    coordinator: container.resolveMainActor(AdultRoutineCoordinator.self),
                    deviceStateEmitter: .noOp, visualAssetsClient: VisualAssetsClient(), contentClient: ContentClient()
                )
            }
            try? childBuilder.mainActor.registerSingleton(AdultRoutineCoordinator.self) { container in
                try AdultRoutineCoordinator(coordinator: container.resolve((any RoutineCoordinating).self))
            }
        }

        let error = #expect(throws: DependencyResolutionError.self) { try routine.container.resolveMainActor(AlarmStateProvider.self) }
        let failure = try #require(error)
        #expect(failure.reason == .notRegistered)
        #expect(failure.requestedType == "any RoutineCoordinating")
        #expect(failure.key == nil)
        #expect(failure.containerChain == ["AppRoot", "AdultScreenDependencies", "AdultRoutineDependencies"])
        #expect(failure.resolutionPath == ["AlarmStateProvider", "AdultRoutineCoordinator", "any RoutineCoordinating"])
        #expect(failure.nearMisses.map(\.kind) == [.localInAncestor, .differentKey, .inputElsewhere])
        #expect(failure.nearMisses.last?.containerChain == ["AppRoot", "DeviceSettingsDependencies"])

        let message = failure.description
        #expect(message.contains("Cannot resolve any RoutineCoordinating: no registration in this container or its ancestors."))
        #expect(message.contains("container chain: AppRoot → AdultScreenDependencies → AdultRoutineDependencies"))
        #expect(message.contains("resolution path: AlarmStateProvider → AdultRoutineCoordinator → any RoutineCoordinating"))
        #expect(message.contains("registered `local` in AppRoot → AdultScreenDependencies"))
        #expect(message.contains("any RoutineCoordinating (key: \"legacy\") is registered (singleton) in AppRoot — a different key"))
        #expect(message.contains("provided as an input in AppRoot → DeviceSettingsDependencies, which is not an ancestor"))
        #expect(message.contains("what to do: Register any RoutineCoordinating"))
        withExtendedLifetime(settings) {}
    }

    @Test("a keyed request names its key and the keys that exist")
    func keyedNotRegistered() throws {
        let builder = DependencyBuilder<AppRoot>()
        try builder.registerSingleton(HatchAnalyticsClient.self, key: AnalyticsKey.statsig) { _ in .noOp }
        let error = #expect(throws: DependencyResolutionError.self) {
            try builder.freeze().resolve(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude)
        }
        #expect(error?.key == "AnalyticsKey.amplitude")
        #expect(error?.description.contains("Cannot resolve HatchAnalyticsClient (key: AnalyticsKey.amplitude)") == true)
        #expect(error?.description.contains("HatchAnalyticsClient (key: AnalyticsKey.statsig) is registered (singleton) in AppRoot — a different key") == true)
        #expect(error?.description.contains("registerSingleton(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude)") == true)
    }

    @Test("a cycle on one thread is reported with its full path, without overflowing the stack")
    func cycleOnOneThread() throws {
        let builder = DependencyBuilder<AppRoot>()
        try builder.registerSingleton(CycleA.self) { container in CycleA(try container.resolve(CycleB.self)) }
        try builder.registerInstance(CycleB.self) { container in CycleB(try container.resolve(CycleA.self)) }
        let root = builder.freeze()
        for _ in 0..<2 {
            let error = #expect(throws: DependencyResolutionError.self) { try root.resolve(CycleA.self) }
            #expect(error?.cyclePath == ["CycleA", "CycleB", "CycleA"])
            #expect(error?.description.contains("Dependency cycle while resolving CycleA: CycleA → CycleB → CycleA.") == true)
            #expect(error?.description.contains("Break the cycle") == true)
        }
    }

    @Test("a cycle of transient registrations is detected too")
    func transientCycle() throws {
        let builder = DependencyBuilder<AppRoot>()
        try builder.registerInstance(CycleA.self) { container in CycleA(try container.resolve(CycleB.self)) }
        try builder.registerInstance(CycleB.self) { container in CycleB(try container.resolve(CycleA.self)) }
        let error = #expect(throws: DependencyResolutionError.self) { try builder.freeze().resolve(CycleB.self) }
        #expect(error?.cyclePath == ["CycleB", "CycleA", "CycleB"])
    }

    @Test("a cycle between two threads is reported instead of deadlocking")
    func cycleBetweenThreads() throws {
        let bothStarted = DispatchGroup()
        bothStarted.enter()
        bothStarted.enter()
        let firstRunA = Counter()
        let firstRunB = Counter()
        let builder = DependencyBuilder<AppRoot>()
        try builder.registerSingleton(CycleA.self) { container in
            firstRunA.increment()
            if firstRunA.value == 1 {
                bothStarted.leave()
                bothStarted.wait()
            }
            return CycleA(try container.resolve(CycleB.self))
        }
        try builder.registerSingleton(CycleB.self) { container in
            firstRunB.increment()
            if firstRunB.value == 1 {
                bothStarted.leave()
                bothStarted.wait()
            }
            return CycleB(try container.resolve(CycleA.self))
        }
        let root = builder.freeze()
        let errors = Locked<[DependencyResolutionError]>([])
        let finished = DispatchGroup()
        for resolveA in [true, false] {
            finished.enter()
            Thread {
                do throws(DependencyResolutionError) {
                    if resolveA { _ = try root.resolve(CycleA.self) } else { _ = try root.resolve(CycleB.self) }
                } catch {
                    errors.withLock { $0.append(error) }
                }
                finished.leave()
            }.start()
        }
        finished.wait()
        let reported = errors.withLock { $0 }
        #expect(reported.count == 2)
        let crossThread = reported.filter { if case .crossThreadCycle = $0.reason { true } else { false } }
        #expect(crossThread.count == 1)
        let message = crossThread.first?.description ?? ""
        #expect(message.contains("Dependency cycle across threads"))
        #expect(message.contains("other thread:"))
        #expect(message.contains("Break the cycle"))
    }

    @Test("a factory that throws is reported with its error and nothing is cached")
    func factoryFailure() throws {
        let attempts = Counter()
        let builder = DependencyBuilder<AppRoot>()
        try builder.registerSingleton(ContentClient.self) { _ in
            attempts.increment()
            if attempts.value == 1 { throw DiskFull() }
            return ContentClient(name: "second try")
        }
        let root = builder.freeze()
        let error = #expect(throws: DependencyResolutionError.self) { try root.resolve(ContentClient.self) }
        #expect(error?.reason == .factoryFailed("disk full"))
        #expect(error?.description.contains("The factory of ContentClient threw: disk full") == true)
        #expect(error?.description.contains("Nothing was cached") == true)
        #expect(try root.resolve(ContentClient.self).name == "second try")
        #expect(attempts.value == 2)
    }

    @Test("buildChild reports every unmet requirement at once")
    func validationReportsAll() throws {
        let builder = DependencyBuilder<AppRoot>()
        try builder.registerSingleton(HatchAnalyticsClient.self, key: AnalyticsKey.statsig) { _ in .noOp }
        try builder.mainActor.registerSingleton(ContentClient.self) { _ in ContentClient() }
        let root = builder.freeze()
        let error = #expect(throws: DependencyValidationError.self) { try root.tryBuildChild(ProbeRequiringDependencies.self) }
        let failure = try #require(error)
        #expect(failure.module == "ProbeRequiringDependencies")
        #expect(failure.containerChain == ["AppRoot", "ProbeRequiringDependencies"])
        #expect(failure.unmet.map(\.kind) == [.requirement, .requirement, .mainActor, .input])
        let message = failure.description
        #expect(message.contains("ProbeRequiringDependencies cannot be built: 4 requirements are not met."))
        #expect(message.contains("ContentClient (requirement): it is registered with `mainActor` in AppRoot"))
        #expect(message.contains("HatchAnalyticsClient (key: AnalyticsKey.amplitude) (requirement): not registered"))
        #expect(message.contains("near miss: HatchAnalyticsClient (key: AnalyticsKey.statsig)"))
        #expect(message.contains("AdultRoutineCoordinator (main-actor requirement): not registered"))
        #expect(message.contains("builder.mainActor.registerSingleton(AdultRoutineCoordinator.self)"))
        #expect(message.contains("Tagged<MacAddressTag, String> (input): no input provided"))
        #expect(message.contains("childBuilder.provideInput(Tagged<MacAddressTag, String>.self, value)"))
        #expect(message.contains("what to do:"))
    }

    @Test("an input provided in a sibling is named as a near miss of a missing input")
    func inputInSibling() throws {
        let root = DependencyBuilder<AppRoot>().freeze()
        let sibling = root.buildChild(ErrorGraph.DeviceSettingsDependencies.self) { childBuilder in
            childBuilder.provideInput(MacAddress.self, Tagged("AA"))
        }
        let error = #expect(throws: DependencyValidationError.self) {
            try root.tryBuildChild(ProbeRequiringDependencies.self) { childBuilder in
                try? childBuilder.registerSingleton(ContentClient.self) { _ in ContentClient() }
                try? childBuilder.registerSingleton(HatchAnalyticsClient.self, key: AnalyticsKey.amplitude) { _ in .noOp }
                try? childBuilder.mainActor.registerSingleton(AdultRoutineCoordinator.self) { _ in .mock }
            }
        }
        #expect(error?.unmet.count == 1)
        #expect(error?.unmet.first?.nearMisses.map(\.kind) == [.inputElsewhere])
        withExtendedLifetime(sibling) {}
    }
}
