import Foundation
import PackagePlugin

/// `swift package analyze-dependencies [options]`: runs `dependency-analyzer` on the package it is
/// invoked in (`--mode package <package folder>`), with the cache and graph output in the plugin's work
/// folder, and fails the command when any requirement is unmet. Extra arguments are passed through, so
/// `swift package analyze-dependencies --format json --graph dot` works.
@main
struct AnalyzeDependenciesPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "dependency-analyzer")
        var toolArguments = arguments
        if !arguments.contains("--mode") { toolArguments += ["--mode", "package"] }
        if !arguments.contains("--cache-path") {
            toolArguments += ["--cache-path", context.pluginWorkDirectoryURL.appendingPathComponent("cache").path]
        }
        if arguments.contains("--graph"), !arguments.contains("--graph-output") {
            let format = arguments.firstIndex(of: "--graph").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil } ?? "dot"
            let output = context.pluginWorkDirectoryURL.appendingPathComponent("dependency-graph.\(format == "mermaid" ? "mmd" : "dot")").path
            toolArguments += ["--graph-output", output]
        }
        if !arguments.contains(where: { !$0.hasPrefix("-") && !Self.takesValue(before: $0, in: arguments) }) {
            toolArguments.append(context.package.directoryURL.path)
        }

        let process = Process()
        process.executableURL = tool.url
        process.arguments = toolArguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            Diagnostics.error("analyze-dependencies: unmet requirements or unreadable files (exit status \(process.terminationStatus)); see the report above")
            throw AnalyzeDependenciesFailure(status: process.terminationStatus)
        }
    }

    /// Whether `argument` is the value of an option such as `--format json`.
    private static func takesValue(before argument: String, in arguments: [String]) -> Bool {
        guard let index = arguments.firstIndex(of: argument), index > 0 else { return false }
        return ["--mode", "--format", "--graph", "--graph-output", "--cache-path"].contains(arguments[index - 1])
    }
}

/// The analyser reported failures; the command exits non-zero so CI can gate on it.
struct AnalyzeDependenciesFailure: Error, CustomStringConvertible {
    let status: Int32
    var description: String { "dependency-analyzer exited with status \(status)" }
}
