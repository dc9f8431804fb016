import PackagePlugin

/// `swift package analyze-dependencies`: placeholder until the analyzer issue lands.
@main
struct AnalyzeDependenciesPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        print("analyze-dependencies: not built yet")
    }
}
