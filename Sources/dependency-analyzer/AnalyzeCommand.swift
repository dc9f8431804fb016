import ArgumentParser
import DependencyGraphAnalyzer
import Foundation

/// `dependency-analyzer [analyze] [--mode package|monorepo] [path]`: prints one verdict per module and
/// exits with status 1 when any requirement is unmet (or a cycle or unparseable file is found), and with
/// status 2 when the analysis cannot run at all (no package at the path), so CI can gate on it.
struct AnalyzeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Analyse a package (or a folder of packages) and report unmet requirements."
    )

    @Argument(help: "The package folder, or with --mode monorepo the folder holding the packages.")
    var path: String = "."

    @Option(help: "package: one package's Sources; monorepo: every package below the folder, as one graph.")
    var mode: AnalysisMode = .package

    @Option(help: "text (one line per module) or json.")
    var format: OutputFormat = .text

    @Option(help: "Also write the build-child graph: dot (render with `dot -Tsvg`) or mermaid.")
    var graph: GraphRenderer.Format?

    @Option(name: .customLong("graph-output"), help: "Where --graph writes (default: <path>/.build/dependency-graph.<dot|mmd>; '-' for standard output).")
    var graphOutput: String?

    @Flag(name: .customLong("no-cache"), help: "Ignore the cache: read and parse every file, and do not write the cache.")
    var noCache = false

    @Option(name: .customLong("cache-path"), help: "The cache folder (default: <path>/.build/dependency-analyzer-cache).")
    var cachePath: String?

    @Flag(name: .customLong("include-tests"), help: "Also analyse Tests/ (fixture folders named Fixtures are always skipped).")
    var includeTests = false

    @Flag(help: "Print file counts, cache use and the time taken to standard error.")
    var verbose = false

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func run() throws {
        let start = ContinuousClock.now
        let root = Self.absolute(path)
        let analyzer = DependencyAnalyzer(options: .init(path: root, mode: mode, useCache: !noCache, cacheDirectory: cachePath.map(Self.absolute), includeTests: includeTests))
        let outcome: DependencyAnalyzer.Outcome
        do {
            outcome = try analyzer.run()
        } catch {
            Self.printError("error: \(error.description)")
            throw ExitCode(2)
        }
        let report = outcome.report
        switch format {
        case .text:
            print(TextReportRenderer.render(report), terminator: "")
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        }
        if let graph {
            let text = GraphRenderer.render(report.graph, as: graph)
            if graphOutput == "-" {
                print(text, terminator: "")
            } else {
                let destination = graphOutput.map(Self.absolute) ?? root + "/.build/dependency-graph.\(graph.fileExtension)"
                try FileManager.default.createDirectory(atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try text.write(toFile: destination, atomically: true, encoding: .utf8)
                Self.printError("graph written to \(destination)")
            }
        }
        if verbose {
            let elapsed = ContinuousClock.now - start
            let phases = outcome.phases.map { "\($0.name) \(Self.milliseconds($0.duration))" }.joined(separator: ", ")
            Self.printError("\(outcome.filesFound) files, \(outcome.filesParsed) parsed, report from cache: \(outcome.reportFromCache); \(phases); total \(Self.milliseconds(elapsed))")
        }
        if report.hasFailures { throw ExitCode(1) }
    }

    static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }

    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return "\(seconds * 1_000 + attoseconds / 1_000_000_000_000_000) ms"
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}

extension AnalysisMode: ExpressibleByArgument {}
extension GraphRenderer.Format: ExpressibleByArgument {}
