/// The whole report in the cache's binary form (positions with their file: a report spans many files).
extension CacheWriter {
    mutating func write(report: AnalysisReport) {
        write(report.modules) { writer, module in
            writer.write(module.name)
            writer.write(position: module.position)
            writer.write(module.requirementCount)
            writer.write(module.productionPaths)
            writer.write(module.hasMockRegistration)
            writer.write(module.findings) { $0.write(finding: $1) }
        }
        write(report.cycles) { $0.write(finding: $1) }
        write(report.warnings) { $0.write(finding: $1) }
        write(report.diagnostics) { writer, diagnostic in
            writer.write(diagnostic.severity.rawValue)
            writer.write(position: diagnostic.position)
            writer.write(diagnostic.message)
        }
        write(report.graph.nodes) { writer, node in
            writer.write(node.name)
            writer.write(node.isRoot)
            writer.write(node.passed)
        }
        write(report.graph.edges) { $0.write(edge: $1) }
        write(report.graph.testEdges) { $0.write(edge: $1) }
        write(report.graph.imports) { $0.write(edge: $1) }
        write(report.fileCount)
    }

    private mutating func write(position: SourcePosition) {
        write(position.file)
        write(position.line)
        write(position.column)
    }

    private mutating func write(finding: Finding) {
        write(finding.kind.rawValue)
        write(finding.module)
        write(finding.requirement != nil)
        if let requirement = finding.requirement { write(identity: requirement) }
        write(finding.path != nil)
        if let path = finding.path { write(path) }
        write(finding.position != nil)
        if let position = finding.position { write(position: position) }
        write(finding.message)
        write(finding.suggestion)
    }

    private mutating func write(edge: GraphSnapshot.Edge) {
        write(edge.parent)
        write(edge.child)
        write(edge.call)
        write(edge.provides)
        write(position: edge.position)
    }
}

extension CacheReader {
    /// The report as ``CacheWriter/write(report:)`` stored it.
    mutating func report() throws(Damaged) -> AnalysisReport {
        let modules = try array { reader throws(Damaged) in
            ModuleResult(
                name: try reader.string(),
                position: try reader.position(),
                requirementCount: try reader.int(),
                productionPaths: try reader.int(),
                hasMockRegistration: try reader.bool(),
                findings: try reader.array { reader throws(Damaged) in try reader.finding() }
            )
        }
        let cycles = try array { reader throws(Damaged) in try reader.finding() }
        let warnings = try array { reader throws(Damaged) in try reader.finding() }
        let diagnostics = try array { reader throws(Damaged) in
            ParseDiagnostic(
                severity: try reader.rawValue(ParseDiagnostic.Severity.self),
                position: try reader.position(),
                message: try reader.string()
            )
        }
        let graph = GraphSnapshot(
            nodes: try array { reader throws(Damaged) in
                GraphSnapshot.Node(name: try reader.string(), isRoot: try reader.bool(), passed: try reader.bool())
            },
            edges: try array { reader throws(Damaged) in try reader.edge() },
            testEdges: try array { reader throws(Damaged) in try reader.edge() },
            imports: try array { reader throws(Damaged) in try reader.edge() }
        )
        return AnalysisReport(modules: modules, cycles: cycles, warnings: warnings, diagnostics: diagnostics, graph: graph, fileCount: try int())
    }

    private mutating func position() throws(Damaged) -> SourcePosition {
        SourcePosition(file: try string(), line: try int(), column: try int())
    }

    private mutating func finding() throws(Damaged) -> Finding {
        Finding(
            kind: try rawValue(Finding.Kind.self),
            module: try optionalString(),
            requirement: try bool() ? try identity() : nil,
            path: try bool() ? try strings() : nil,
            position: try bool() ? try position() : nil,
            message: try string(),
            suggestion: try string()
        )
    }

    private mutating func edge() throws(Damaged) -> GraphSnapshot.Edge {
        GraphSnapshot.Edge(parent: try string(), child: try string(), call: try string(), provides: try strings(), position: try position())
    }
}
