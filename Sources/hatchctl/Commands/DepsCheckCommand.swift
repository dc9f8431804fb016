import ArgumentParser
import DependencyGraphAnalyzer
import Foundation
import HatchFleetControl

/// `hatchctl deps check [PATH]`: one verdict per module; exit status 10 when a requirement is unmet.
struct DepsCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "Report each module's requirements as met or unmet.")

    @Argument(help: "The package folder (default: the nearest folder upwards holding Package.swift).")
    var path: String?

    @Flag(name: .customLong("no-cache"), help: "Read and parse every file again.")
    var noCache = false

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let console = Console(json: output.json)
        try await console.run {
            let report = try ProjectAnalysis.run(path: path, useCache: !noCache)
            if output.json {
                Console.write(Console.encode(report) + "\n", to: .standardOutput)
            } else {
                Console.write(TextReportRenderer.render(report), to: .standardOutput)
            }
            if report.hasFailures {
                throw FleetControlError.dependenciesUnmet(count: report.modules.reduce(0) { $0 + $1.unmetCount })
            }
        }
    }
}

/// Runs the analyzer on a package folder.
enum ProjectAnalysis {
    static func run(path: String?, useCache: Bool) throws -> AnalysisReport {
        let root = try packageRoot(path)
        do {
            return try DependencyAnalyzer(options: .init(path: root, mode: .package, useCache: useCache)).run().report
        } catch {
            throw FleetControlError.invalidArgument("The analyzer could not read \(root): \(error.description)")
        }
    }

    /// `path` made absolute, or the nearest folder upwards from the current one that holds Package.swift.
    static func packageRoot(_ path: String?) throws -> String {
        let manager = FileManager.default
        if let path {
            let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: manager.currentDirectoryPath)).standardizedFileURL
            return url.path
        }
        var url = URL(fileURLWithPath: manager.currentDirectoryPath).standardizedFileURL
        while true {
            if manager.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path {
                throw FleetControlError.invalidArgument("No Package.swift in \(manager.currentDirectoryPath) or above; pass the package folder.")
            }
            url = parent
        }
    }
}
