// Each container operation in its own function, for `Scripts/callgrind-container.sh` (instructions per
// operation under callgrind) or, with no argument, best-of-15 wall time per operation. The floor is a
// hand-written lazy property whose getter is inlined into the loop, as `resolve` is (see
// `HandWrittenComponent`); `lazyvar` is the same property declared `lazy var`, whose compiler-made getter
// is called. The graph is ContainerBenchmarks' own: 100 singletons at the root.
import HatchModularDependencyContainer
#if canImport(Glibc)
import Glibc
#endif

final class Service<Tag>: Sendable {}
enum T0 {}; enum T1 {}; enum T2 {}; enum T3 {}; enum T4 {}; enum T5 {}; enum T6 {}; enum T7 {}; enum T8 {}; enum T9 {}; enum T10 {}; enum T11 {}; enum T12 {}; enum T13 {}; enum T14 {}; enum T15 {}; enum T16 {}; enum T17 {}; enum T18 {}; enum T19 {}; enum T20 {}; enum T21 {}; enum T22 {}; enum T23 {}; enum T24 {}; enum T25 {}; enum T26 {}; enum T27 {}; enum T28 {}; enum T29 {}; enum T30 {}; enum T31 {}; enum T32 {}; enum T33 {}; enum T34 {}; enum T35 {}; enum T36 {}; enum T37 {}; enum T38 {}; enum T39 {}; enum T40 {}; enum T41 {}; enum T42 {}; enum T43 {}; enum T44 {}; enum T45 {}; enum T46 {}; enum T47 {}; enum T48 {}; enum T49 {}; enum T50 {}; enum T51 {}; enum T52 {}; enum T53 {}; enum T54 {}; enum T55 {}; enum T56 {}; enum T57 {}; enum T58 {}; enum T59 {}; enum T60 {}; enum T61 {}; enum T62 {}; enum T63 {}; enum T64 {}; enum T65 {}; enum T66 {}; enum T67 {}; enum T68 {}; enum T69 {}; enum T70 {}; enum T71 {}; enum T72 {}; enum T73 {}; enum T74 {}; enum T75 {}; enum T76 {}; enum T77 {}; enum T78 {}; enum T79 {}; enum T80 {}; enum T81 {}; enum T82 {}; enum T83 {}; enum T84 {}; enum T85 {}; enum T86 {}; enum T87 {}; enum T88 {}; enum T89 {}; enum T90 {}; enum T91 {}; enum T92 {}; enum T93 {}; enum T94 {}; enum T95 {}; enum T96 {}; enum T97 {}; enum T98 {}; enum T99 {};
enum AppRoot {}

struct ScreenDependencies: DependencyRequirements {
    let container: DependencyContainer
    init(_ container: DependencyContainer) { self.container = container }
    static let requirements = DeclaredRequirements(
        [Requirement(Service<T0>.self), Requirement(Service<T1>.self)],
        inputs: [InputRequirement(String.self)]
    )
}
struct LevelDependencies: DependencyRequirements {
    let container: DependencyContainer
    init(_ container: DependencyContainer) { self.container = container }
    static let requirements = DeclaredRequirements()
}

/// The floor, as in ContainerBenchmarks: what `lazy var service0 = Service<T0>()` expands to, with the
/// getter inlined into its caller (`@inline(__always)`, as `resolve` is) and its first-read path called,
/// as a miss of `resolve` is. Reading it is a load, a nil check and a retain.
final class HandWrittenComponent {
    private var storage0: Service<T0>?
    var service0: Service<T0> {
        @inline(__always) get {
            if let service = storage0 { return service }
            return makeService0()
        }
    }
    @inline(never) private func makeService0() -> Service<T0> {
        let service = Service<T0>()
        storage0 = service
        return service
    }
}

/// A plain `lazy var`: the compiler does not inline its getter, so every read is a call.
final class LazyVarComponent { lazy var service0 = Service<T0>() }

@_optimize(none) @inline(never) func blackHole<T>(_ value: T) {}

func now() -> UInt64 { var t = timespec(); clock_gettime(CLOCK_MONOTONIC, &t); return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec) }

/// Best of `rounds` runs of `n` operations, in ns per operation.
func measure(_ n: Int, rounds: Int = 15, _ body: (Int) -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<rounds {
        let start = now()
        body(n)
        best = min(best, Double(now() - start) / Double(n))
    }
    return best
}

let builder = DependencyBuilder<AppRoot>()
try builder.registerSingleton(Service<T0>.self) { _ in Service<T0>() }
try builder.registerSingleton(Service<T1>.self) { _ in Service<T1>() }
try builder.registerSingleton(Service<T2>.self) { _ in Service<T2>() }
try builder.registerSingleton(Service<T3>.self) { _ in Service<T3>() }
try builder.registerSingleton(Service<T4>.self) { _ in Service<T4>() }
try builder.registerSingleton(Service<T5>.self) { _ in Service<T5>() }
try builder.registerSingleton(Service<T6>.self) { _ in Service<T6>() }
try builder.registerSingleton(Service<T7>.self) { _ in Service<T7>() }
try builder.registerSingleton(Service<T8>.self) { _ in Service<T8>() }
try builder.registerSingleton(Service<T9>.self) { _ in Service<T9>() }
try builder.registerSingleton(Service<T10>.self) { _ in Service<T10>() }
try builder.registerSingleton(Service<T11>.self) { _ in Service<T11>() }
try builder.registerSingleton(Service<T12>.self) { _ in Service<T12>() }
try builder.registerSingleton(Service<T13>.self) { _ in Service<T13>() }
try builder.registerSingleton(Service<T14>.self) { _ in Service<T14>() }
try builder.registerSingleton(Service<T15>.self) { _ in Service<T15>() }
try builder.registerSingleton(Service<T16>.self) { _ in Service<T16>() }
try builder.registerSingleton(Service<T17>.self) { _ in Service<T17>() }
try builder.registerSingleton(Service<T18>.self) { _ in Service<T18>() }
try builder.registerSingleton(Service<T19>.self) { _ in Service<T19>() }
try builder.registerSingleton(Service<T20>.self) { _ in Service<T20>() }
try builder.registerSingleton(Service<T21>.self) { _ in Service<T21>() }
try builder.registerSingleton(Service<T22>.self) { _ in Service<T22>() }
try builder.registerSingleton(Service<T23>.self) { _ in Service<T23>() }
try builder.registerSingleton(Service<T24>.self) { _ in Service<T24>() }
try builder.registerSingleton(Service<T25>.self) { _ in Service<T25>() }
try builder.registerSingleton(Service<T26>.self) { _ in Service<T26>() }
try builder.registerSingleton(Service<T27>.self) { _ in Service<T27>() }
try builder.registerSingleton(Service<T28>.self) { _ in Service<T28>() }
try builder.registerSingleton(Service<T29>.self) { _ in Service<T29>() }
try builder.registerSingleton(Service<T30>.self) { _ in Service<T30>() }
try builder.registerSingleton(Service<T31>.self) { _ in Service<T31>() }
try builder.registerSingleton(Service<T32>.self) { _ in Service<T32>() }
try builder.registerSingleton(Service<T33>.self) { _ in Service<T33>() }
try builder.registerSingleton(Service<T34>.self) { _ in Service<T34>() }
try builder.registerSingleton(Service<T35>.self) { _ in Service<T35>() }
try builder.registerSingleton(Service<T36>.self) { _ in Service<T36>() }
try builder.registerSingleton(Service<T37>.self) { _ in Service<T37>() }
try builder.registerSingleton(Service<T38>.self) { _ in Service<T38>() }
try builder.registerSingleton(Service<T39>.self) { _ in Service<T39>() }
try builder.registerSingleton(Service<T40>.self) { _ in Service<T40>() }
try builder.registerSingleton(Service<T41>.self) { _ in Service<T41>() }
try builder.registerSingleton(Service<T42>.self) { _ in Service<T42>() }
try builder.registerSingleton(Service<T43>.self) { _ in Service<T43>() }
try builder.registerSingleton(Service<T44>.self) { _ in Service<T44>() }
try builder.registerSingleton(Service<T45>.self) { _ in Service<T45>() }
try builder.registerSingleton(Service<T46>.self) { _ in Service<T46>() }
try builder.registerSingleton(Service<T47>.self) { _ in Service<T47>() }
try builder.registerSingleton(Service<T48>.self) { _ in Service<T48>() }
try builder.registerSingleton(Service<T49>.self) { _ in Service<T49>() }
try builder.registerSingleton(Service<T50>.self) { _ in Service<T50>() }
try builder.registerSingleton(Service<T51>.self) { _ in Service<T51>() }
try builder.registerSingleton(Service<T52>.self) { _ in Service<T52>() }
try builder.registerSingleton(Service<T53>.self) { _ in Service<T53>() }
try builder.registerSingleton(Service<T54>.self) { _ in Service<T54>() }
try builder.registerSingleton(Service<T55>.self) { _ in Service<T55>() }
try builder.registerSingleton(Service<T56>.self) { _ in Service<T56>() }
try builder.registerSingleton(Service<T57>.self) { _ in Service<T57>() }
try builder.registerSingleton(Service<T58>.self) { _ in Service<T58>() }
try builder.registerSingleton(Service<T59>.self) { _ in Service<T59>() }
try builder.registerSingleton(Service<T60>.self) { _ in Service<T60>() }
try builder.registerSingleton(Service<T61>.self) { _ in Service<T61>() }
try builder.registerSingleton(Service<T62>.self) { _ in Service<T62>() }
try builder.registerSingleton(Service<T63>.self) { _ in Service<T63>() }
try builder.registerSingleton(Service<T64>.self) { _ in Service<T64>() }
try builder.registerSingleton(Service<T65>.self) { _ in Service<T65>() }
try builder.registerSingleton(Service<T66>.self) { _ in Service<T66>() }
try builder.registerSingleton(Service<T67>.self) { _ in Service<T67>() }
try builder.registerSingleton(Service<T68>.self) { _ in Service<T68>() }
try builder.registerSingleton(Service<T69>.self) { _ in Service<T69>() }
try builder.registerSingleton(Service<T70>.self) { _ in Service<T70>() }
try builder.registerSingleton(Service<T71>.self) { _ in Service<T71>() }
try builder.registerSingleton(Service<T72>.self) { _ in Service<T72>() }
try builder.registerSingleton(Service<T73>.self) { _ in Service<T73>() }
try builder.registerSingleton(Service<T74>.self) { _ in Service<T74>() }
try builder.registerSingleton(Service<T75>.self) { _ in Service<T75>() }
try builder.registerSingleton(Service<T76>.self) { _ in Service<T76>() }
try builder.registerSingleton(Service<T77>.self) { _ in Service<T77>() }
try builder.registerSingleton(Service<T78>.self) { _ in Service<T78>() }
try builder.registerSingleton(Service<T79>.self) { _ in Service<T79>() }
try builder.registerSingleton(Service<T80>.self) { _ in Service<T80>() }
try builder.registerSingleton(Service<T81>.self) { _ in Service<T81>() }
try builder.registerSingleton(Service<T82>.self) { _ in Service<T82>() }
try builder.registerSingleton(Service<T83>.self) { _ in Service<T83>() }
try builder.registerSingleton(Service<T84>.self) { _ in Service<T84>() }
try builder.registerSingleton(Service<T85>.self) { _ in Service<T85>() }
try builder.registerSingleton(Service<T86>.self) { _ in Service<T86>() }
try builder.registerSingleton(Service<T87>.self) { _ in Service<T87>() }
try builder.registerSingleton(Service<T88>.self) { _ in Service<T88>() }
try builder.registerSingleton(Service<T89>.self) { _ in Service<T89>() }
try builder.registerSingleton(Service<T90>.self) { _ in Service<T90>() }
try builder.registerSingleton(Service<T91>.self) { _ in Service<T91>() }
try builder.registerSingleton(Service<T92>.self) { _ in Service<T92>() }
try builder.registerSingleton(Service<T93>.self) { _ in Service<T93>() }
try builder.registerSingleton(Service<T94>.self) { _ in Service<T94>() }
try builder.registerSingleton(Service<T95>.self) { _ in Service<T95>() }
try builder.registerSingleton(Service<T96>.self) { _ in Service<T96>() }
try builder.registerSingleton(Service<T97>.self) { _ in Service<T97>() }
try builder.registerSingleton(Service<T98>.self) { _ in Service<T98>() }
try builder.registerSingleton(Service<T99>.self) { _ in Service<T99>() }
let root = builder.freeze()
let depth1 = root.buildChild(LevelDependencies.self).container
var depth10Builder = root
for _ in 0..<10 { depth10Builder = depth10Builder.buildChild(LevelDependencies.self).container }
_ = try root.resolve(Service<T0>.self)
let depth10 = depth10Builder
_ = try depth1.resolve(Service<T0>.self)
_ = try depth10.resolve(Service<T0>.self)
let component = HandWrittenComponent()
_ = component.service0
let lazyVarComponent = LazyVarComponent()
_ = lazyVarComponent.service0

@inline(never) func runFloor(_ n: Int) { for _ in 0..<n { blackHole(component.service0) } }
@inline(never) func runLazyVar(_ n: Int) { for _ in 0..<n { blackHole(lazyVarComponent.service0) } }
@inline(never) func runRoot(_ n: Int) { for _ in 0..<n { blackHole(try! root.resolve(Service<T0>.self)) } }
@inline(never) func runDepthOne(_ n: Int) { for _ in 0..<n { blackHole(try! depth1.resolve(Service<T0>.self)) } }
@inline(never) func runDepth10(_ n: Int) { for _ in 0..<n { blackHole(try! depth10.resolve(Service<T0>.self)) } }
@inline(never) func runBuildChild(_ n: Int) { for _ in 0..<n { blackHole(root.buildChild(ScreenDependencies.self) { $0.provideInput(String.self, "AA:BB") }) } }
if CommandLine.arguments.count > 1 {
    switch CommandLine.arguments[1] {
    case "floor": runFloor(100_000)
    case "lazyvar": runLazyVar(100_000)
    case "root": runRoot(100_000)
    case "depth1": runDepthOne(100_000)
    case "depth10": runDepth10(100_000)
    default: runBuildChild(10_000)
    }
} else {
let n = 2_000_000
for _ in 0..<3 {
    let floor = measure(n) { n in for _ in 0..<n { blackHole(component.service0) } }
    let lazyVar = measure(n) { n in for _ in 0..<n { blackHole(lazyVarComponent.service0) } }
    let rootNs = measure(n) { n in for _ in 0..<n { blackHole(try! root.resolve(Service<T0>.self)) } }
    let d1 = measure(n) { n in for _ in 0..<n { blackHole(try! depth1.resolve(Service<T0>.self)) } }
    let d10 = measure(n) { n in for _ in 0..<n { blackHole(try! depth10.resolve(Service<T0>.self)) } }
    let child = measure(20_000) { n in for _ in 0..<n { blackHole(root.buildChild(ScreenDependencies.self) { $0.provideInput(String.self, "AA:BB") }) } }
    print(String(format: "floor %.2f ns | root %.2f ns (%.2fx floor) | depth1 %.2f ns (%.2fx) | depth10 %.2f ns (%.2fx) | lazy var %.2f ns | buildChild(100 in parent) %.3f us", floor, rootNs, rootNs / floor, d1, d1 / floor, d10, d10 / floor, lazyVar, child / 1000))
}
}
