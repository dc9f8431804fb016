import ArgumentParser
import DependencyGraphAnalyzer

/// `dependency-analyzer generate-monorepo <folder>`: writes a synthetic monorepo of feature packages for
/// the benchmark (default 1,000 modules, 5 files each, 10 modules a package).
struct GenerateMonorepoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-monorepo",
        abstract: "Write a synthetic monorepo of feature modules (for benchmarking the analyser)."
    )

    @Argument(help: "The folder to create; it must not exist or be empty.")
    var output: String

    @Option(help: "How many feature modules.")
    var modules: Int = 1_000

    @Option(name: .customLong("modules-per-package"), help: "How many modules each package holds.")
    var modulesPerPackage: Int = 10

    @Option(help: "Seed for the pseudo-random choice of requirements.")
    var seed: UInt64 = 42

    func validate() throws {
        guard modules > 0 else { throw ValidationError("--modules must be at least 1") }
        guard modulesPerPackage > 0 else { throw ValidationError("--modules-per-package must be at least 1") }
    }

    func run() throws {
        let generator = MonorepoGenerator(configuration: .init(moduleCount: modules, modulesPerPackage: modulesPerPackage, seed: seed))
        let folder = AnalyzeCommand.absolute(output)
        let written: Int
        do {
            written = try generator.write(to: folder)
        } catch {
            throw ValidationError(error.description)
        }
        print("wrote \(written) Swift files for \(modules) modules to \(folder)")
    }
}
