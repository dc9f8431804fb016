import DependencyGraphAnalyzer
import Foundation
import Testing

/// The on-disk cache's binary files: what is stored reads back equal, and a damaged file is a miss.
@Suite("Analysis cache files")
struct AnalysisCacheTests {
    /// The fixture's summaries (as the parser makes them), one made-up summary using every kind of
    /// receiver, a property map, a diagnostic and keyed identities, and the fixture's report.
    private func sample(_ tree: FixtureTree) throws -> (summaries: [(path: String, hash: String, summary: SourceFileSummary)], report: AnalysisReport) {
        var summaries: [(path: String, hash: String, summary: SourceFileSummary)] = []
        let files = FileManager.default.enumerator(atPath: tree.root)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") && $0 != "Package.swift" } ?? []
        for path in files.sorted() {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: tree.root + "/" + path)))
            summaries.append((path, ContentHasher.hash(bytes), SourceFileParser.summarize(bytes: bytes, path: path)))
        }
        let path = "Sources/Made/Up.swift"
        var madeUp = SourceFileSummary(path: path)
        let here = SourcePosition(file: path, line: 7, column: 3)
        madeUp.roots = [RootDeclaration(ownerName: "AppRoot", registrations: [
            RegistrationDeclaration(identity: TypeIdentity(typeName: "Client", key: "Key.primary"), scope: .input, isLocal: true, isMainActor: true, position: here),
        ], position: here)]
        madeUp.sites = [
            BuildSite(childName: "A", kind: .buildChild, receiver: .typeNamed("Screen", testMode: true), enclosingTypes: ["Outer", "Inner"], position: here),
            BuildSite(childName: "B", kind: .tryBuildChild, receiver: .root("AppRoot"), enclosingTypes: [], position: here),
            BuildSite(childName: "C", kind: .buildChildWithOverrides, receiver: .container, enclosingTypes: [], position: here),
            BuildSite(childName: "D", kind: .buildChild, receiver: .callResult("make"), enclosingTypes: [], position: here),
            BuildSite(childName: "E", kind: .buildChild, receiver: .property(ownerType: "Owner", name: "deps"), enclosingTypes: [], position: here),
            BuildSite(childName: "F", kind: .buildChild, receiver: .unknown("a.b()"), enclosingTypes: [], position: here),
        ]
        madeUp.properties = ["Owner": ["deps": .root("AppRoot"), "other": .container]]
        madeUp.functionResults = ["make": .typeNamed("Screen", testMode: false)]
        madeUp.manuallyResolved = [TypeIdentity(typeName: "Clock"), TypeIdentity(typeName: "Client", key: "Key.é")]
        madeUp.diagnostics = [ParseDiagnostic(severity: .warning, position: here, message: "unusual — but fine")]
        summaries.append((path, "12-abc", madeUp))
        try tree.removeLine(containing: "childBuilder.provideInput(SleepSessionIdentifier.self", in: "Sources/AdultSleep/AdultSleepDestination+Live.swift")
        return (summaries, try tree.analyze().report)
    }

    @Test("stored summaries and report read back equal; another input key misses")
    func roundTrip() throws {
        let tree = try FixtureTree(copying: "CookbookReference")
        defer { tree.remove() }
        let (summaries, report) = try sample(tree)
        #expect(report.modules.contains { !$0.findings.isEmpty })
        let cache = AnalysisCache(directory: tree.root + "/cache")
        try cache.store(summaries: summaries, report: report, inputKey: "key-1")

        let read = cache.summaries()
        #expect(read.count == summaries.count)
        for entry in summaries {
            #expect(read[entry.path]?.hash == entry.hash)
            #expect(read[entry.path]?.summary == entry.summary, "summary of \(entry.path)")
        }
        #expect(cache.report(forInputKey: "key-1") == report)
        #expect(cache.report(forInputKey: "key-2") == nil)
    }

    @Test("a cache file cut short, damaged or from another format is a miss, and the analysis stays right")
    func damagedFiles() throws {
        let tree = try FixtureTree(copying: "CookbookReference")
        defer { tree.remove() }
        let cold = try tree.analyze(useCache: true)
        let folder = tree.root + "/.build/dependency-analyzer-cache"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".bin") || $0.hasSuffix(".tsv") }
        #expect(files.contains("report.bin") && files.contains("summaries-0.bin") && files.contains("file-stamps.tsv"))
        let originals = try Dictionary(uniqueKeysWithValues: files.map { ($0, try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0))) })
        let damages: [(name: String, damage: (Data) -> Data)] = [
            ("cut in half", { $0.prefix($0.count / 2) }),
            ("one byte flipped", { var data = $0; data[data.count / 2] ^= 0x5a; return data }),
            ("empty", { _ in Data() }),
            ("random bytes", { data in Data((0..<data.count).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }) }),
            ("another format version", { var data = $0; if data.count > 4 { data[4] ^= 0x7e }; return data }),
        ]
        for (name, damage) in damages {
            for (file, original) in originals {
                try damage(original).write(to: URL(fileURLWithPath: folder + "/" + file))
            }
            let cache = AnalysisCache(directory: folder)
            #expect(cache.summaries().isEmpty, "\(name): summaries")
            let outcome = try tree.analyze(useCache: true)
            #expect(!outcome.reportFromCache, "\(name): report")
            #expect(outcome.filesParsed == 30, "\(name): files parsed")
            #expect(outcome.report == cold.report, "\(name): report content")
            #expect(try tree.analyze(useCache: true).reportFromCache, "\(name): the rewritten cache answers the next run")
        }
    }
}
