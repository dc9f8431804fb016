import Dispatch
import HatchModularDependencyContainer
import Testing

/// Singletons under contention: constructed exactly once, read without a global lock.
@Suite("Concurrency")
struct ConcurrencyTests {
    enum S0 {}
    enum S1 {}
    enum S2 {}
    enum S3 {}
    enum S4 {}
    enum S5 {}
    enum S6 {}
    enum S7 {}
    enum S8 {}
    enum S9 {}

    final class Stressed<Tag>: Sendable {}

    private static func register<Tag>(_ tag: Tag.Type, counting counter: Counter, in builder: DependencyBuilder<AppRoot>) throws {
        try builder.registerSingleton(Stressed<Tag>.self) { _ in
            counter.increment()
            return Stressed<Tag>()
        }
    }

    /// The identities of the ten singletons as resolved from `container`.
    private static func resolveAll(from container: DependencyContainer) throws -> [ObjectIdentifier] {
        [
            ObjectIdentifier(try container.resolve(Stressed<S0>.self)), ObjectIdentifier(try container.resolve(Stressed<S1>.self)),
            ObjectIdentifier(try container.resolve(Stressed<S2>.self)), ObjectIdentifier(try container.resolve(Stressed<S3>.self)),
            ObjectIdentifier(try container.resolve(Stressed<S4>.self)), ObjectIdentifier(try container.resolve(Stressed<S5>.self)),
            ObjectIdentifier(try container.resolve(Stressed<S6>.self)), ObjectIdentifier(try container.resolve(Stressed<S7>.self)),
            ObjectIdentifier(try container.resolve(Stressed<S8>.self)), ObjectIdentifier(try container.resolve(Stressed<S9>.self)),
        ]
    }

    @Test("8 tasks × 100k resolutions: every singleton constructed exactly once, everyone sees the same instance")
    func stress() async throws {
        let counters = (0..<10).map { _ in Counter() }
        let builder = DependencyBuilder<AppRoot>()
        try Self.register(S0.self, counting: counters[0], in: builder)
        try Self.register(S1.self, counting: counters[1], in: builder)
        try Self.register(S2.self, counting: counters[2], in: builder)
        try Self.register(S3.self, counting: counters[3], in: builder)
        try Self.register(S4.self, counting: counters[4], in: builder)
        try Self.register(S5.self, counting: counters[5], in: builder)
        try Self.register(S6.self, counting: counters[6], in: builder)
        try Self.register(S7.self, counting: counters[7], in: builder)
        try Self.register(S8.self, counting: counters[8], in: builder)
        try Self.register(S9.self, counting: counters[9], in: builder)
        let root = builder.freeze()
        let leaf = root.buildChild(ProbeChildDependencies.self).container.buildChild(ProbeGrandchildDependencies.self).container

        let seen = try await withThrowingTaskGroup(of: Set<[ObjectIdentifier]>.self) { group in
            for task in 0..<8 {
                group.addTask {
                    let container = task.isMultiple(of: 2) ? root : leaf
                    var identities: Set<[ObjectIdentifier]> = []
                    for _ in 0..<10_000 {  // 10 singletons × 10k = 100k resolutions per task
                        identities.insert(try Self.resolveAll(from: container))
                    }
                    return identities
                }
            }
            var all: Set<[ObjectIdentifier]> = []
            for try await identities in group { all.formUnion(identities) }
            return all
        }
        #expect(seen.count == 1)
        #expect(counters.map(\.value) == Array(repeating: 1, count: 10))
    }

    @Test("a slow singleton asked for by 8 threads at once is built once; the others wait for it")
    func slowFirstResolution() throws {
        let runs = Counter()
        let builder = DependencyBuilder<AppRoot>()
        try builder.registerSingleton(Stressed<S0>.self) { _ in
            runs.increment()
            var spin = 0
            for index in 0..<200_000 { spin &+= index }
            precondition(spin != 1)
            return Stressed<S0>()
        }
        let root = builder.freeze()
        let identities = Locked<Set<ObjectIdentifier>>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let identity = ObjectIdentifier(try! root.resolve(Stressed<S0>.self))
            identities.withLock { _ = $0.insert(identity) }
        }
        #expect(runs.value == 1)
        #expect(identities.withLock { $0.count } == 1)
    }

    @Test("children built and resolved concurrently from one parent share its singletons")
    func concurrentBuildChild() async throws {
        let runs = Counter()
        let builder = DependencyBuilder<AppRoot>()
        try builder.registerSingleton(Stressed<S1>.self) { _ in
            runs.increment()
            return Stressed<S1>()
        }
        try builder.registerScoped(Stressed<S2>.self) { _ in Stressed<S2>() }
        let root = builder.freeze()
        let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var last = ObjectIdentifier(root)
                    for _ in 0..<500 {
                        let child = root.buildChild(ProbeChildDependencies.self).container
                        let scoped = try child.resolve(Stressed<S2>.self)
                        #expect(try child.resolve(Stressed<S2>.self) === scoped)
                        last = ObjectIdentifier(try child.resolve(Stressed<S1>.self))
                    }
                    return last
                }
            }
            var all: Set<ObjectIdentifier> = []
            for try await identity in group { all.insert(identity) }
            return all
        }
        #expect(identities.count == 1)
        #expect(runs.value == 1)
    }
}
