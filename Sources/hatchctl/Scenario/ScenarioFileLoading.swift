import ArgumentParser
import Foundation
import HatchScenarioFile
import HatchScenarios

/// Reads and plans a scenario file for `scenario run` and `scenario check`; a bad file is reported
/// with its file, line and field and ends the command with status 64, before anything starts.
enum ScenarioFileLoading {
    static func plan(_ path: String, seed: UInt64?, devicesFile: String?, scale: Double = 1, speedFactor: Double = 1, console: Console) throws -> ScenarioPlan {
        let url = URL(fileURLWithPath: path)
        do {
            let scenario = try ScenarioFileReader.read(contentsOf: url)
            return try ScenarioPlanner.plan(scenario, baseDirectory: url.deletingLastPathComponent(), seed: seed,
                                            devicesFile: devicesFile.map { URL(fileURLWithPath: $0) }, scale: scale, speedFactor: speedFactor)
        } catch {
            if console.json {
                Console.write(Console.encode(InvalidScenario(error: error)) + "\n", to: .standardOutput)
            } else {
                Console.write("error: \(error.description)\n", to: .standardError)
            }
            throw ExitCode(64)
        }
    }
}

/// The JSON form of a bad scenario file.
struct InvalidScenario: Encodable {
    struct Body: Encodable {
        let kind = "invalidScenario"
        let file: String
        let line: Int
        let field: String
        let message: String
        let exitStatus: Int32 = 64
    }

    let error: Body

    init(error: ScenarioFileError) {
        self.error = Body(file: error.location.file, line: error.location.line, field: error.location.field, message: error.message)
    }
}
