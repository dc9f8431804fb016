import DependencyGraphAnalyzer
import Foundation
import Testing

/// The content-hash cache, JSON and graph output.
@Suite("Cache and output")
struct CacheAndOutputTests {
    @Test("a warm run answers from the cache; a changed file is re-read; --no-cache reads everything")
    func cache() throws {
        let tree = try FixtureTree(copying: "CookbookReference")
        defer { tree.remove() }
        let cold = try tree.analyze(useCache: true)
        #expect(!cold.reportFromCache)
        #expect(cold.filesParsed == 30)
        #expect(FileManager.default.fileExists(atPath: tree.root + "/.build/dependency-analyzer-cache/report.bin"))

        let warm = try tree.analyze(useCache: true)
        #expect(warm.reportFromCache)
        #expect(warm.filesParsed == 0)
        #expect(warm.report == cold.report)

        // Rewriting a file with the same content changes its stamp but not its hash: still a cache hit.
        let rootFile = tree.root + "/Sources/App/ViewControllerFactory.swift"
        try String(contentsOfFile: rootFile, encoding: .utf8).write(toFile: rootFile, atomically: true, encoding: .utf8)
        let rewritten = try tree.analyze(useCache: true)
        #expect(rewritten.reportFromCache)
        #expect(rewritten.report == cold.report)

        try tree.removeLine(containing: "registerSingleton(SleepClient.self)", in: "Sources/App/ViewControllerFactory.swift")
        let changed = try tree.analyze(useCache: true)
        #expect(!changed.reportFromCache)
        #expect(changed.filesParsed == 1)
        #expect(changed.report.module("SleepTrackingDependencies")?.passed == false)

        let uncached = try tree.analyze(useCache: false)
        #expect(uncached.filesParsed == 30)
        #expect(uncached.report == changed.report)
    }

    @Test("the JSON report decodes back to the same report")
    func jsonRoundTrip() throws {
        let tree = try FixtureTree(copying: "CookbookReference")
        defer { tree.remove() }
        try tree.removeLine(containing: "childBuilder.provideInput(SleepSessionIdentifier.self", in: "Sources/AdultSleep/AdultSleepDestination+Live.swift")
        let report = try tree.analyze().report
        let data = try JSONEncoder().encode(report)
        let decoded = try JSONDecoder().decode(AnalysisReport.self, from: data)
        #expect(decoded == report)
        let finding = try #require(decoded.module("SleepTrackingDependencies")?.findings.first)
        #expect(finding.kind == .unmetRequirement)
        #expect(finding.path == ["AppRoot", "AdultScreenDependencies", "AdultSleepDependencies", "SleepTrackingDependencies"])
        #expect(finding.requirement == TypeIdentity(typeName: "SleepSessionIdentifier"))
    }

    @Test("dot and mermaid graphs name every node and edge, failing modules marked")
    func graphs() throws {
        let tree = try FixtureTree(copying: "CookbookReference")
        defer { tree.remove() }
        try tree.removeLine(containing: "childBuilder.provideInput(SleepSessionIdentifier.self", in: "Sources/AdultSleep/AdultSleepDestination+Live.swift")
        let report = try tree.analyze().report
        let dot = GraphRenderer.render(report.graph, as: .dot)
        #expect(dot.hasPrefix("digraph dependencies {"))
        #expect(dot.contains("\"AppRoot\" -> \"AdultScreenDependencies\""))
        #expect(dot.contains("\"AdultSleepDependencies\" -> \"SleepTrackingDependencies\""))
        #expect(dot.contains("\"SleepTrackingDependencies\" [shape=ellipse, style=filled, fillcolor=\"#f4b4b4\"];"))
        #expect(dot.contains("\"AdultRoutineDependencies\" -> \"AdultAlarmsDependencies\" [style=dotted, color=\"#4060c0\", arrowhead=empty, constraint=false, tooltip=\"imports\"];"))
        let mermaid = GraphRenderer.render(report.graph, as: .mermaid)
        #expect(mermaid.hasPrefix("flowchart LR"))
        let nodeLines = mermaid.split(separator: "\n").filter { $0.contains("([\"") || $0.contains("[[\"") }
        #expect(nodeLines.count == 11)
        #expect(mermaid.split(separator: "\n").filter { $0.contains(" --> ") }.count == report.graph.edges.count)
    }
}
