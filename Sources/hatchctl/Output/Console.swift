import ArgumentParser
import Foundation
import HatchServiceSupport

/// Writes command output: text or JSON on standard output, diagnostics on standard error.
struct Console: Sendable {
    /// `true` when the user asked for `--json`.
    let json: Bool

    /// Prints a line of text (ignored in JSON mode, where only `emit` prints).
    func line(_ text: String) {
        guard !json else { return }
        Self.write(text + "\n", to: .standardOutput)
    }

    /// Prints `value` as JSON in JSON mode, or `text()` otherwise.
    func emit<Value: Encodable>(_ value: Value, text: () -> String) {
        if json {
            Self.write(Self.encode(value) + "\n", to: .standardOutput)
        } else {
            Self.write(text() + "\n", to: .standardOutput)
        }
    }

    /// Prints one JSON object per line in JSON mode (`--watch` streams), or `text()` otherwise.
    func stream<Value: Encodable>(_ value: Value, text: () -> String) {
        if json {
            Self.write(Self.encode(value, compact: true) + "\n", to: .standardOutput)
        } else {
            Self.write(text() + "\n", to: .standardOutput)
        }
    }

    /// Runs a command body; a library's ``UserFacingError`` (``FleetControlError`` among them) is
    /// reported (as `{"error": …}` JSON in JSON mode, on standard error otherwise) and turned into its
    /// exit status.
    func run(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as any UserFacingError {
            report(error)
            throw ExitCode(error.exitStatus)
        }
    }

    /// Reports an error the way ``run(_:)`` does.
    func report(_ error: any UserFacingError) {
        if json {
            Self.write(Self.encode(ErrorReport(error: error)) + "\n", to: .standardOutput)
        } else {
            Self.write("error: \(error.description)\n", to: .standardError)
        }
    }

    enum Stream { case standardOutput, standardError }

    static func write(_ text: String, to stream: Stream) {
        let handle = stream == .standardOutput ? FileHandle.standardOutput : FileHandle.standardError
        handle.write(Data(text.utf8))
    }

    static func encode<Value: Encodable>(_ value: Value, compact: Bool = false) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = compact ? [.sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// The JSON shape of an error: `{"error": {"kind": "unknownDevice", "message": "…", "exitStatus": 4}}`.
struct ErrorReport: Encodable {
    struct Body: Encodable {
        let kind: String
        let message: String
        let exitStatus: Int32
    }

    let error: Body

    init(error: any UserFacingError) {
        self.error = Body(kind: error.kind, message: error.description, exitStatus: error.exitStatus)
    }
}
