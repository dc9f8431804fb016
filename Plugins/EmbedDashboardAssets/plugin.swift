import Foundation
import PackagePlugin

/// Compiles the dashboard's page (the HTML, CSS and JavaScript files in the target's `Web/Assets`)
/// into a Swift file of string constants, so that `hatchctl` stays one self-contained executable
/// while the page is edited, checked and tested as real files.
@main
struct EmbedDashboardAssets: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let folder = target.directoryURL.appending(path: "Web/Assets")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { ["html", "css", "js"].contains($0.pathExtension) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "DashboardAssets.swift")
        return [
            .buildCommand(displayName: "Embedding the dashboard's page (\(files.count) files)",
                          executable: try context.tool(named: "dashboard-asset-embedder").url,
                          arguments: [output.path] + files.map(\.path), inputFiles: files, outputFiles: [output]),
        ]
    }
}
