/// Writes the build-child graph as Graphviz DOT (`dot -Tsvg graph.dot > graph.svg`) or as a Mermaid
/// flowchart (pastes into GitHub Markdown). Failing modules are red, roots are boxes, test-mode edges
/// dashed and `importDependencies` edges dotted.
public enum GraphRenderer {
    /// The output formats.
    public enum Format: String, CaseIterable, Codable, Sendable {
        /// Graphviz DOT.
        case dot
        /// A Mermaid flowchart.
        case mermaid

        /// The usual file extension.
        public var fileExtension: String { self == .dot ? "dot" : "mmd" }
    }

    /// The graph in the given format.
    public static func render(_ graph: GraphSnapshot, as format: Format) -> String {
        switch format {
        case .dot: dot(graph)
        case .mermaid: mermaid(graph)
        }
    }

    static func dot(_ graph: GraphSnapshot) -> String {
        var lines = ["digraph dependencies {", "    rankdir=LR;", "    node [fontname=\"Helvetica\"];"]
        for node in graph.nodes {
            let style = node.isRoot ? "shape=box, style=filled, fillcolor=\"#dddddd\"" : "shape=ellipse, style=filled, fillcolor=\"\(node.passed ? "#c8f0c8" : "#f4b4b4")\""
            lines.append("    \"\(node.name)\" [\(style)];")
        }
        for edge in graph.edges {
            let label = edge.provides.isEmpty ? "" : ", label=\"\(edge.provides.joined(separator: "\\n").replacingQuotes())\""
            lines.append("    \"\(edge.parent)\" -> \"\(edge.child)\" [tooltip=\"\(edge.position)\"\(label)];")
        }
        for edge in graph.testEdges {
            lines.append("    \"\(edge.parent)\" -> \"\(edge.child)\" [style=dashed, tooltip=\"\(edge.position)\"];")
        }
        for edge in graph.imports {
            lines.append("    \"\(edge.parent)\" -> \"\(edge.child)\" [style=dotted, color=\"#4060c0\", arrowhead=empty, constraint=false, tooltip=\"imports\"];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    static func mermaid(_ graph: GraphSnapshot) -> String {
        var identifiers: [String: String] = [:]
        for (index, node) in graph.nodes.enumerated() { identifiers[node.name] = "n\(index)" }
        func id(_ name: String) -> String { identifiers[name] ?? name.filter { $0.isLetter || $0.isNumber } }
        var lines = ["flowchart LR"]
        for node in graph.nodes {
            lines.append(node.isRoot ? "    \(id(node.name))[[\"\(node.name)\"]]" : "    \(id(node.name))([\"\(node.name)\"])")
        }
        for edge in graph.edges { lines.append("    \(id(edge.parent)) --> \(id(edge.child))") }
        for edge in graph.testEdges { lines.append("    \(id(edge.parent)) -.-> \(id(edge.child))") }
        for edge in graph.imports { lines.append("    \(id(edge.parent)) -. imports .-> \(id(edge.child))") }
        let failing = graph.nodes.filter { !$0.isRoot && !$0.passed }.map { id($0.name) }
        lines.append("    classDef failed fill:#f4b4b4,stroke:#a00")
        if !failing.isEmpty { lines.append("    class \(failing.joined(separator: ",")) failed") }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate func replacingQuotes() -> String {
        var result = ""
        for character in self { result += character == "\"" ? "\\\"" : String(character) }
        return result
    }
}
