import Benchmark
import Dependencies
import Dispatch
import HatchModularDependencyContainer
import Swinject

/// Operations per measured iteration for the per-resolution benchmarks (results are shown per operation).
private let perResolution = Benchmark.Configuration(metrics: [.wallClock, .throughput], scalingFactor: .kilo)
/// `buildChild` also counts allocations (per child created).
private let perChild = Benchmark.Configuration(metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .kilo)
/// Threads for the contention benchmarks.
private let threadCount = 8
/// Resolutions of each of the ten singletons per thread and iteration.
private let roundsPerThread = 1_000

let benchmarks: @Sendable () -> Void = {
    let root = BenchmarkGraph.ourRoot()
    let depth1 = BenchmarkGraph.ourChain(depth: 1, under: root)
    let depth10 = BenchmarkGraph.ourChain(depth: 10, under: root)
    let swinject = BenchmarkGraph.swinjectRoot()
    let swinjectDepth10 = BenchmarkGraph.swinjectChain(depth: 10, under: swinject)
    let reader = DependencyReader()
    let component = HandWrittenComponent()
    // Warm every singleton so the benchmarks read cached instances.
    _ = try? root.resolve(Service<Tag0>.self)
    _ = swinject.resolve(Service<Tag0>.self)
    _ = reader.service0
    _ = component.service0

    // MARK: Cached singleton

    // The floor: a hand-written lazy property whose getter is inlined into this loop, as `resolve` is into the
    // loops below (see `HandWrittenComponent`). `blackHole` takes its argument's type metadata; the container's
    // loops fetch `Service<Tag0>`'s once, before the loop, for `resolve`'s argument, so this loop fetches it
    // there too rather than on every read.
    Benchmark("Cached singleton: hand-written lazy property (floor)", configuration: perResolution) { benchmark in
        blackHole(Service<Tag0>.self)
        for _ in benchmark.scaledIterations { blackHole(component.service0) }
    }
    Benchmark("Cached singleton: ours, root", configuration: perResolution) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try root.resolve(Service<Tag0>.self)) }
    }
    Benchmark("Cached singleton: ours, depth 1", configuration: perResolution) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try depth1.resolve(Service<Tag0>.self)) }
    }
    Benchmark("Cached singleton: ours, depth 10", configuration: perResolution) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try depth10.resolve(Service<Tag0>.self)) }
    }
    Benchmark("Cached singleton: Swinject, root", configuration: perResolution) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(swinject.resolve(Service<Tag0>.self)!) }
    }
    Benchmark("Cached singleton: Swinject, depth 10", configuration: perResolution) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(swinjectDepth10.resolve(Service<Tag0>.self)!) }
    }
    Benchmark("Cached singleton: swift-dependencies @Dependency read", configuration: perResolution) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(reader.service0) }
    }

    // MARK: buildChild

    let parentOfTen = BenchmarkGraph.ourRoot(hundred: false)
    Benchmark("buildChild: ours, 10 registrations in parent", configuration: perChild) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(parentOfTen.buildChild(ScreenDependencies.self) { $0.provideInput(String.self, "AA:BB") })
        }
    }
    Benchmark("buildChild: ours, 100 registrations in parent", configuration: perChild) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(root.buildChild(ScreenDependencies.self) { $0.provideInput(String.self, "AA:BB") })
        }
    }
    Benchmark("buildChild: Swinject child container, 100 in parent", configuration: perChild) { benchmark in
        for _ in benchmark.scaledIterations {
            let child = Swinject.Container(parent: swinject)
            child.register(String.self) { _ in "AA:BB" }
            blackHole(child)
        }
    }

    // MARK: 8 threads, 10 singletons

    let threaded = Benchmark.Configuration(metrics: [.wallClock], maxDuration: .seconds(2))
    Benchmark("8 threads x 10 singletons (80k resolutions): ours", configuration: threaded) { _ in
        DispatchQueue.concurrentPerform(iterations: threadCount) { _ in
            for _ in 0..<roundsPerThread { resolveTen(from: depth1) }
        }
    }
    Benchmark("1 thread x 10 singletons (80k resolutions): ours", configuration: threaded) { _ in
        for _ in 0..<(threadCount * roundsPerThread) { resolveTen(from: depth1) }
    }
    Benchmark("1 thread x 10 singletons (80k resolutions): hand-written lazy properties", configuration: threaded) { _ in
        for _ in 0..<(threadCount * roundsPerThread) { readTen(component) }
    }
    // Swinject's synchronized resolver is thread-safe (a recursive lock) but not annotated Sendable.
    nonisolated(unsafe) let synchronized = swinject.synchronize()
    Benchmark("8 threads x 10 singletons (80k resolutions): Swinject", configuration: threaded) { _ in
        DispatchQueue.concurrentPerform(iterations: threadCount) { _ in
            for _ in 0..<roundsPerThread { resolveTen(from: synchronized) }
        }
    }
    Benchmark("1 thread x 10 singletons (80k resolutions): Swinject", configuration: threaded) { _ in
        for _ in 0..<(threadCount * roundsPerThread) { resolveTen(from: synchronized) }
    }
    Benchmark("8 threads x 10 singletons (80k resolutions): swift-dependencies", configuration: threaded) { _ in
        DispatchQueue.concurrentPerform(iterations: threadCount) { _ in
            for _ in 0..<roundsPerThread { readTen(reader) }
        }
    }
    Benchmark("1 thread x 10 singletons (80k resolutions): swift-dependencies", configuration: threaded) { _ in
        for _ in 0..<(threadCount * roundsPerThread) { readTen(reader) }
    }
}

@inline(never)
private func resolveTen(from container: HatchModularDependencyContainer.DependencyContainer) {
    do {
        blackHole(try container.resolve(Service<Tag0>.self))
        blackHole(try container.resolve(Service<Tag1>.self))
        blackHole(try container.resolve(Service<Tag2>.self))
        blackHole(try container.resolve(Service<Tag3>.self))
        blackHole(try container.resolve(Service<Tag4>.self))
        blackHole(try container.resolve(Service<Tag5>.self))
        blackHole(try container.resolve(Service<Tag6>.self))
        blackHole(try container.resolve(Service<Tag7>.self))
        blackHole(try container.resolve(Service<Tag8>.self))
        blackHole(try container.resolve(Service<Tag9>.self))
    } catch {
        fatalError("\(error)")
    }
}

@inline(never)
private func resolveTen(from resolver: Swinject.Resolver) {
    blackHole(resolver.resolve(Service<Tag0>.self)!)
    blackHole(resolver.resolve(Service<Tag1>.self)!)
    blackHole(resolver.resolve(Service<Tag2>.self)!)
    blackHole(resolver.resolve(Service<Tag3>.self)!)
    blackHole(resolver.resolve(Service<Tag4>.self)!)
    blackHole(resolver.resolve(Service<Tag5>.self)!)
    blackHole(resolver.resolve(Service<Tag6>.self)!)
    blackHole(resolver.resolve(Service<Tag7>.self)!)
    blackHole(resolver.resolve(Service<Tag8>.self)!)
    blackHole(resolver.resolve(Service<Tag9>.self)!)
}

@inline(never)
private func readTen(_ reader: DependencyReader) {
    blackHole(reader.service0)
    blackHole(reader.service1)
    blackHole(reader.service2)
    blackHole(reader.service3)
    blackHole(reader.service4)
    blackHole(reader.service5)
    blackHole(reader.service6)
    blackHole(reader.service7)
    blackHole(reader.service8)
    blackHole(reader.service9)
}

@inline(never)
private func readTen(_ component: HandWrittenComponent) {
    blackHole(component.service0)
    blackHole(component.service1)
    blackHole(component.service2)
    blackHole(component.service3)
    blackHole(component.service4)
    blackHole(component.service5)
    blackHole(component.service6)
    blackHole(component.service7)
    blackHole(component.service8)
    blackHole(component.service9)
}
