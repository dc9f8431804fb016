import DependencyGraphAnalyzer
import Foundation
import Testing

/// Monorepo mode over the generated benchmark tree (small), and package mode's refusals.
@Suite("Monorepo mode and generator")
struct MonorepoTests {
    @Test("a generated monorepo of 40 modules is analysed as one graph across packages and passes")
    func generatedMonorepoPasses() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("analyzer-monorepo-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let written = try MonorepoGenerator(configuration: .init(moduleCount: 40, modulesPerPackage: 10, seed: 7)).write(to: folder)
        #expect(written == 40 * 5 + 2)
        let outcome = try DependencyAnalyzer(options: .init(path: folder, mode: .monorepo, useCache: false)).run()
        #expect(outcome.filesFound == written)
        #expect(outcome.report.modules.count == 40)
        #expect(outcome.report.modules.allSatisfy { $0.passed && $0.productionPaths > 0 && $0.hasMockRegistration })
        #expect(outcome.report.cycles.isEmpty)
        #expect(outcome.report.diagnostics.isEmpty)
        // Shared modules are reached on more than one path.
        #expect(outcome.report.modules.contains { $0.productionPaths > 1 })
        #expect(throws: AnalyzerError.noPackage(folder)) {
            try DependencyAnalyzer(options: .init(path: folder, mode: .package, useCache: false)).run()
        }
    }

    @Test("the generator refuses a folder that is not empty")
    func generatorRefusesNonEmptyFolder() throws {
        let tree = try FixtureTree(files: [:])
        defer { tree.remove() }
        #expect(throws: AnalyzerError.outputNotEmpty(tree.root)) {
            try MonorepoGenerator(configuration: .init(moduleCount: 3)).write(to: tree.root)
        }
    }

    @Test("monorepo mode on a folder without packages says what to do")
    func noPackages() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("analyzer-empty-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: AnalyzerError.noPackagesFound(folder)) {
            try DependencyAnalyzer(options: .init(path: folder, mode: .monorepo, useCache: false)).run()
        }
    }
}
