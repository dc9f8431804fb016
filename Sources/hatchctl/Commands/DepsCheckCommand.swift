import ArgumentParser
import Foundation
import HatchFleetControl

/// `hatchctl deps check [PATH]`: one verdict per module; exit status 10 when a requirement is unmet.
/// `dependency-analyzer analyze` does the work; its report is printed as it wrote it.
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
            let root = try ProjectAnalysis.packageRoot(path)
            var arguments = ["analyze", root, "--format", output.json ? "json" : "text"]
            if noCache { arguments.append("--no-cache") }
            let run = try await DependencyAnalyzerTool.run(arguments)
            // 0: every module passed; 1: the report lists failures; anything else: no report.
            guard run.status == 0 || run.status == 1 else { throw DependencyAnalyzerTool.failure(of: run, root: root) }
            Console.write(run.standardOutput, to: .standardOutput)
            if run.status == 1 {
                let unmet = output.json ? ProjectAnalysis.unmetCount(json: run.standardOutput) : ProjectAnalysis.unmetCount(text: run.standardOutput)
                throw FleetControlError.dependenciesUnmet(count: unmet)
            }
        }
    }
}

/// Where `hatchctl deps` analyses, and what it reads back from the analyzer's report.
enum ProjectAnalysis {
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

    /// The unmet requirements of a text report: the sum of its `❌ Module: k of N requirements unmet` headlines.
    static func unmetCount(text: String) -> Int {
        text.split(separator: "\n").reduce(0) { total, line in
            guard line.hasPrefix("❌ "), line.hasSuffix(" unmet"), let colon = line.range(of: ": ", options: .backwards) else { return total }
            let words = line[colon.upperBound...].split(separator: " ")
            guard words.count >= 3, words[1] == "of", let count = Int(words[0]) else { return total }
            return total + count
        }
    }

    /// The unmet requirements of a JSON report: per module, the distinct requirements with a requirement
    /// problem (a key written `.amplitude` matches `AnalyticsKey.amplitude`), summed.
    static func unmetCount(json: String) -> Int {
        guard let report = try? JSONDecoder().decode(ReportSummary.self, from: Data(json.utf8)) else { return 0 }
        return report.modules.reduce(0) { total, module in
            total + Set(module.findings.filter { ReportSummary.requirementProblems.contains($0.kind) }.compactMap { $0.requirement?.matchKey }).count
        }
    }

    /// The part of the analyzer's JSON report that counts unmet requirements.
    private struct ReportSummary: Decodable {
        static let requirementProblems: Set<String> = ["unmetRequirement", "mainActorMismatch", "unmetInTestMode", "mainActorMismatchInTestMode"]

        struct Module: Decodable { let findings: [Finding] }
        struct Finding: Decodable {
            let kind: String
            let requirement: Identity?
        }
        struct Identity: Decodable {
            let typeName: String
            let key: String?

            var matchKey: String {
                guard let key else { return typeName }
                return "\(typeName)|\(key.split(separator: ".").last.map(String.init) ?? key)"
            }
        }

        let modules: [Module]
    }
}
