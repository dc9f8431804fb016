import Foundation
import HatchMemberwiseInit
import HatchSeededRandom

/// Writes a synthetic monorepo shaped like a real app's feature graph, for the analyser's benchmark:
/// a shared-clients package, an app package with the composition root, and feature packages whose
/// modules each have five files (`Dependencies.swift`, `Dependencies+Mock.swift`, `Destination+Live.swift`,
/// a view model and a view). Modules form a tree three children wide (about seven levels for 1,000
/// modules) with extra edges to shared modules; requirements, main-actor types, keyed clients, inputs,
/// local registrations and services inherited from parents are all used, and every module passes.
@MemberwiseInit(.public)
public struct MonorepoGenerator: Sendable {
    /// The monorepo's size and seed.
    @MemberwiseInit(.public)
    public struct Configuration: Sendable {
        /// How many feature modules.
        public var moduleCount: Int = 1_000
        /// How many modules each feature package holds.
        public var modulesPerPackage: Int = 10
        /// The random seed.
        public var seed: UInt64 = 42
    }

    static let clientCount = 40
    static let coordinatorCount = 10
    static let topModuleCount = 3

    /// The configuration.
    public let configuration: Configuration

    /// Writes the monorepo into `folder` (which must not exist or be empty) and returns how many Swift files it wrote.
    @discardableResult
    public func write(to folder: String) throws(AnalyzerError) -> Int {
        if let existing = try? FileManager.default.contentsOfDirectory(atPath: folder), !existing.isEmpty {
            throw .outputNotEmpty(folder)
        }
        let modules = plan()
        var files: [(String, String)] = []
        files.append(("Shared/Package.swift", Self.manifest(name: "Shared", targets: ["SharedClients"])))
        files.append(("Shared/Sources/SharedClients/Clients.swift", sharedClients()))
        files.append(("App/Package.swift", Self.manifest(name: "App", targets: ["App"])))
        files.append(("App/Sources/App/CompositionRoot.swift", compositionRoot(modules)))
        let packageCount = (configuration.moduleCount + configuration.modulesPerPackage - 1) / configuration.modulesPerPackage
        for package in 0..<packageCount {
            let members = modules.filter { $0.packageIndex == package }
            let packageName = Self.packageName(package)
            files.append(("\(packageName)/Package.swift", Self.manifest(name: packageName, targets: members.map(\.name))))
            for module in members {
                let base = "\(packageName)/Sources/\(module.name)"
                files.append(("\(base)/Dependencies/\(module.dependenciesName).swift", dependenciesFile(module)))
                files.append(("\(base)/Dependencies/\(module.dependenciesName)+Mock.swift", mockFile(module, modules: modules)))
                files.append(("\(base)/\(module.name)Destination+Live.swift", destinationFile(module, modules: modules)))
                files.append(("\(base)/\(module.name)ViewModel.swift", viewModelFile(module)))
                files.append(("\(base)/\(module.name)View.swift", viewFile(module)))
            }
        }
        do {
            for (path, text) in files {
                let full = folder + "/" + path
                try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try text.write(toFile: full, atomically: false, encoding: .utf8)
            }
        } catch {
            throw .cannotWrite(folder, reason: "\(error)")
        }
        return files.filter { $0.0.hasSuffix(".swift") && !$0.0.hasSuffix("Package.swift") }.count
    }

    // MARK: - Plan

    func plan() -> [GeneratedModule] {
        var random = SeededRandom(seed: configuration.seed)
        let count = configuration.moduleCount
        var modules = (0..<count).map { GeneratedModule(index: $0, packageIndex: $0 / configuration.modulesPerPackage) }
        var treeParent = [Int?](repeating: nil, count: count)
        var hasExtraParent = [Bool](repeating: false, count: count)
        for index in 0..<count {
            for child in [3 * index + 3, 3 * index + 4, 3 * index + 5] where child < count {
                modules[index].children.append(child)
                treeParent[child] = index
            }
        }
        for index in stride(from: 0, to: count, by: 4) {
            let shared = 3 * index + 9 + index % 5
            if shared < count, !modules[index].children.contains(shared), treeParent[shared] != index {
                modules[index].children.append(shared)
                hasExtraParent[shared] = true
            }
        }
        for index in 0..<count {
            var requirements: [GeneratedRequirement] = []
            var clients = Array(0..<Self.clientCount)
            clients.shuffle(using: &random)
            for client in clients.prefix(3 + Int(random.next() % 6)) {
                requirements.append(GeneratedRequirement(typeName: Self.clientName(client), kind: .requirement))
            }
            if random.next() % 10 < 3 {
                requirements.append(GeneratedRequirement(typeName: "AnalyticsClient", key: random.next() % 2 == 0 ? "AnalyticsKey.amplitude" : "AnalyticsKey.statsig", kind: .requirement))
            }
            if random.next() % 10 < 7 {
                requirements.append(GeneratedRequirement(typeName: "Coordinator\(random.next() % UInt64(Self.coordinatorCount))", kind: .mainActor))
            }
            if let parent = treeParent[index], !hasExtraParent[index], random.next() % 10 < 6 {
                requirements.append(GeneratedRequirement(typeName: "\(GeneratedModule.name(parent))Service", kind: .requirement))
                modules[parent].registersService = true
            }
            if !modules[index].children.isEmpty {
                modules[index].registersStateProvider = true
                requirements.append(GeneratedRequirement(typeName: "\(modules[index].name)StateProvider", kind: .mainActor))
            }
            if random.next() % 2 == 0 { requirements.append(GeneratedRequirement(typeName: "HardwareProduct", kind: .input)) }
            if random.next() % 10 < 3 { requirements.append(GeneratedRequirement(typeName: "MacAddress", kind: .input)) }
            if index % 4 == 1 {
                modules[index].takesSelection = true
                requirements.append(GeneratedRequirement(typeName: "\(modules[index].name)Selection", kind: .input))
            }
            modules[index].requirements = requirements
        }
        return modules
    }

    static func clientName(_ index: Int) -> String { index < 10 ? "Client0\(index)" : "Client\(index)" }

    static func packageName(_ index: Int) -> String {
        "Features" + String(repeating: "0", count: max(0, 3 - String(index).count)) + String(index)
    }

    // MARK: - Files

    static func manifest(name: String, targets: [String]) -> String {
        """
        // swift-tools-version: 6.1
        import PackageDescription

        let package = Package(
            name: "\(name)",
            targets: [
        \(targets.map { "        .target(name: \"\($0)\")," }.joined(separator: "\n"))
            ]
        )

        """
    }

    func sharedClients() -> String {
        var lines = ["/// Shared clients every feature may require.", "import Foundation", ""]
        for client in 0..<Self.clientCount {
            let name = Self.clientName(client)
            lines += ["public struct \(name): Sendable {", "    public var fetch: @Sendable (String) async throws -> [String]", "    public static let mock = \(name)(fetch: { _ in [] })", "}", ""]
        }
        for coordinator in 0..<Self.coordinatorCount {
            lines += ["@MainActor public final class Coordinator\(coordinator) {", "    public static let mock = Coordinator\(coordinator)()", "    public var isRunning = false", "}", ""]
        }
        lines += ["public struct AnalyticsClient: Sendable { public static let mock = AnalyticsClient() }", "public enum AnalyticsKey: Hashable, Sendable { case amplitude, statsig }", ""]
        return lines.joined(separator: "\n")
    }

    func compositionRoot(_ modules: [GeneratedModule]) -> String {
        var lines = [
            "import HatchModularDependencyContainer", "import SharedClients", "", "/// Owner of the root container.", "enum AppRoot {}", "",
            "/// Builds the root container and the top-level features.", "@MainActor",
            "func makeApplication(hardwareProduct: HardwareProduct, macAddress: MacAddress) -> [any Sendable] {",
            "    let dependencyBuilder = DependencyBuilder<AppRoot>()", "    do {",
        ]
        for client in 0..<Self.clientCount {
            lines.append("        try dependencyBuilder.registerSingleton(\(Self.clientName(client)).self) { _ in .mock }")
        }
        lines.append("        try dependencyBuilder.registerSingleton(AnalyticsClient.self, key: AnalyticsKey.amplitude) { _ in .mock }")
        lines.append("        try dependencyBuilder.registerSingleton(AnalyticsClient.self, key: AnalyticsKey.statsig) { _ in .mock }")
        for coordinator in 0..<Self.coordinatorCount {
            lines.append("        try dependencyBuilder.mainActor.registerSingleton(Coordinator\(coordinator).self) { _ in Coordinator\(coordinator)() }")
        }
        lines += ["    } catch {", "        preconditionFailure(\"Failed to register dependencies. Error: \\(error).\")", "    }", "", "    let rootContainer = dependencyBuilder.freeze()", "    return ["]
        for module in modules.prefix(Self.topModuleCount) {
            lines.append("        rootContainer.buildChild(\(module.dependenciesName).self) { childBuilder in")
            lines.append("            childBuilder.provideInput(HardwareProduct.self, hardwareProduct)")
            lines.append("            childBuilder.provideInput(MacAddress.self, macAddress)")
            if module.takesSelection { lines.append("            childBuilder.provideInput(\(module.name)Selection.self, .initial)") }
            lines.append("        },")
        }
        lines += ["    ]", "}", ""]
        return lines.joined(separator: "\n")
    }

    func dependenciesFile(_ module: GeneratedModule) -> String {
        func list(_ kind: GeneratedRequirement.Kind) -> String {
            module.requirements.filter { $0.kind == kind }.map { "        \($0.declaration)" }.joined(separator: ",\n")
        }
        var lines = ["import HatchModularDependencyContainer", "import SharedClients", "", "@DependencyRequirements(", "    [", list(.requirement), "    ],", "    mainActor: [", list(.mainActor), "    ],", "    inputs: [", list(.input), "    ]", ")", "public struct \(module.dependenciesName): DependencyRequirements {"]
        if module.registersService || module.registersStateProvider {
            lines += ["    public static func registerDependencies(in builder: DependencyBuilder<\(module.dependenciesName)>) {", "        do {"]
            if module.registersService {
                lines += ["            try builder.registerSingleton(\(module.name)Service.self) { container in", "                let dependencies = Self(container)", "                return \(module.name)Service(name: \"\\(dependencies)\")", "            }"]
            }
            if module.registersStateProvider {
                lines += ["            try builder.local.mainActor.registerSingleton(\(module.name)StateProvider.self) { _ in", "                \(module.name)StateProvider()", "            }"]
            }
            lines += ["        } catch {", "            preconditionFailure(\"\\(Self.self): Failed to register dependencies. Error: \\(error).\")", "        }", "    }"]
        }
        lines += ["}", ""]
        if module.registersService { lines += ["public struct \(module.name)Service: Sendable {", "    public var name: String", "}", ""] }
        if module.registersStateProvider { lines += ["@MainActor public final class \(module.name)StateProvider {", "    public var selection: Int = 0", "}", ""] }
        if module.takesSelection { lines += ["public struct \(module.name)Selection: Sendable {", "    public var item: Int", "    public static let initial = \(module.name)Selection(item: 0)", "    public static let mock = initial", "}", ""] }
        return lines.joined(separator: "\n")
    }

    func mockFile(_ module: GeneratedModule, modules: [GeneratedModule]) -> String {
        let covered = exportedKeys(below: module, modules: modules)
        var lines = ["import HatchModularDependencyContainer", "import SharedClients", "", "extension \(module.dependenciesName): TestDependencyProvider {", "    public static func mockRegistration(in builder: MockDependencyBuilder<\(module.dependenciesName)>) {", "        do {"]
        for child in module.children.sorted() { lines.append("            builder.importDependencies(\(modules[child].dependenciesName).self)") }
        for requirement in module.requirements where !covered.contains(requirement.matchKey) {
            if requirement.typeName == "\(module.name)StateProvider" {
                lines.append("            try builder.local.mainActor.registerSingleton(\(module.name)StateProvider.self) { _ in \(module.name)StateProvider() }")
            } else {
                lines.append("            \(requirement.mockRegistration)")
            }
        }
        lines += ["        } catch {", "            preconditionFailure(\"\\(Self.self): Failed to register mock dependencies. Error: \\(error).\")", "        }", "    }", "}", ""]
        return lines.joined(separator: "\n")
    }

    /// What the mocks of a module's children export (recursively), as match keys.
    private func exportedKeys(below module: GeneratedModule, modules: [GeneratedModule]) -> Set<String> {
        var keys: Set<String> = []
        var visited: Set<Int> = []
        var pending = module.children
        while let index = pending.popLast() {
            guard visited.insert(index).inserted else { continue }
            let child = modules[index]
            for requirement in child.requirements where requirement.typeName != "\(child.name)StateProvider" { keys.insert(requirement.matchKey) }
            pending += child.children
        }
        return keys
    }

    func destinationFile(_ module: GeneratedModule, modules: [GeneratedModule]) -> String {
        var lines = ["import HatchModularDependencyContainer", "", "extension \(module.name)Destination {", "    @MainActor", "    public static func liveEntry(", "        publicDestination: \(module.name)Destination.Public,", "        dependencies: \(module.dependenciesName)", "    ) -> \(module.name)Entry {", "        \(module.name)Entry(", "            entryDestination: .public(publicDestination),", "            builder: { destination, mode, navigationClient in", "                let state: \(module.name)DestinationState = switch destination.type {", "                case .public(let publicDestination):", "                    .main(\(module.name)ViewModel(dependencies: dependencies, navigationClient: navigationClient, destination: publicDestination))", "                case .internal(let internalDestination):", "                    .detail(\(module.name)DetailViewModel(item: internalDestination.item, navigationClient: navigationClient))", "                case .external(let externalDestination):", "                    switch externalDestination {"]
        for child in module.children {
            let childModule = modules[child]
            lines.append("                    case .\(childModule.name.lowercased())(let childDestination):")
            lines.append("                        .\(childModule.name.lowercased())(")
            lines.append("                            \(childModule.name)Destination.liveEntry(")
            lines.append("                                publicDestination: childDestination,")
            if childModule.takesSelection {
                lines.append("                                dependencies: dependencies.buildChild(\(childModule.dependenciesName).self) { childBuilder in")
                lines.append("                                    childBuilder.provideInput(\(childModule.name)Selection.self, \(childModule.name)Selection(item: childDestination.item))")
                lines.append("                                }")
            } else {
                lines.append("                                dependencies: dependencies.buildChild(\(childModule.dependenciesName).self)")
            }
            lines.append("                            )")
            lines.append("                        )")
        }
        if module.children.isEmpty { lines.append("                    case .none: .empty") }
        lines += ["                    }", "                }", "                return \(module.name)DestinationView(state: state, mode: mode, client: navigationClient)", "            }", "        )", "    }", "}", ""]
        return lines.joined(separator: "\n")
    }

    func viewModelFile(_ module: GeneratedModule) -> String {
        let name = module.name
        return """
        import Observation
        import SharedClients

        @MainActor @Observable
        final class \(name)ViewModel {
            private(set) var items: [String] = []
            private(set) var isLoading = false
            private(set) var errorMessage: String?
            private let fetch: @Sendable (String) async throws -> [String]
            private let navigationClient: NavigationClient<\(name)Destination>
            private let destination: \(name)Destination.Public

            convenience init(dependencies: \(module.dependenciesName), navigationClient: NavigationClient<\(name)Destination>, destination: \(name)Destination.Public) {
                self.init(fetch: dependencies.\(module.requirements.first.map { Self.accessor($0.typeName) } ?? "client00").fetch, navigationClient: navigationClient, destination: destination)
            }

            init(fetch: @escaping @Sendable (String) async throws -> [String], navigationClient: NavigationClient<\(name)Destination>, destination: \(name)Destination.Public) {
                self.fetch = fetch
                self.navigationClient = navigationClient
                self.destination = destination
            }

            func load() async {
                isLoading = true
                defer { isLoading = false }
                do {
                    items = try await fetch("\(name.lowercased())")
                    errorMessage = nil
                } catch {
                    errorMessage = "Could not load \\(destination): \\(error)"
                }
            }

            func select(_ index: Int) {
                guard items.indices.contains(index) else { return }
                navigationClient.push(.internal(.detail(item: index)))
            }
        }

        """
    }

    func viewFile(_ module: GeneratedModule) -> String {
        let name = module.name
        return """
        import SwiftUI

        struct \(name)View: View {
            @State var viewModel: \(name)ViewModel

            var body: some View {
                List {
                    ForEach(Array(viewModel.items.enumerated()), id: \\.offset) { index, item in
                        Button(item) { viewModel.select(index) }
                    }
                }
                .overlay {
                    if viewModel.isLoading { ProgressView() }
                }
                .task { await viewModel.load() }
                .navigationTitle("\(name)")
            }
        }

        """
    }

    static func accessor(_ typeName: String) -> String {
        guard let first = typeName.first else { return typeName }
        return first.lowercased() + typeName.dropFirst()
    }
}
