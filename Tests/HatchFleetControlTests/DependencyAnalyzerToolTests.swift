import Foundation
import HatchFleetControl
import Testing

/// How `hatchctl deps` reports the analyzer it runs as a child process: a missing executable says
/// how to build it; a package it cannot read, and any other failure, say what the analyzer said.
@Suite("dependency analyzer tool")
struct DependencyAnalyzerToolTests {
    @Test("a package the analyzer cannot read is named with the analyzer's words, without its error prefix")
    func noPackage() {
        let run = DependencyAnalyzerTool.Run(standardOutput: "", standardError: "error: no Package.swift in /tmp/x\n", status: 2)
        #expect(DependencyAnalyzerTool.failure(of: run, root: "/tmp/x")
                == .invalidArgument("The analyzer could not read /tmp/x: no Package.swift in /tmp/x"))
    }

    @Test("any other status is relayed with the executable's name and status")
    func otherStatus() {
        let run = DependencyAnalyzerTool.Run(standardOutput: "", standardError: "boom", status: 70)
        #expect(DependencyAnalyzerTool.failure(of: run, root: ".") == .invalidArgument("dependency-analyzer failed with status 70 on .: boom"))
    }

    @Test("running it: the executable beside this test runner or on PATH runs and reports; else the error says how to build it")
    func runOrExplain() async throws {
        do {
            let run = try await DependencyAnalyzerTool.run(["--help"])
            #expect(run.status == 0 && !run.standardOutput.isEmpty, "\(run)")
        } catch let error as FleetControlError {
            #expect(error.description.contains("swift build --product dependency-analyzer"), "\(error)")
        }
    }
}
