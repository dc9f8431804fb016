import Foundation
import Logging

/// A swift-log handler that writes one readable line per event:
/// `2026-01-05T10:50:00.123Z info hatch.fleet: fault injected: reboot fault=reboot mac=… product=restoreV5`.
public struct TextLogHandler: LogHandler {
    /// The logger's label.
    public let label: String
    /// The least severe level written.
    public var logLevel: Logger.Level
    /// Metadata on every line.
    public var metadata: Logger.Metadata = [:]
    /// Metadata provided when a line is written.
    public var metadataProvider: Logger.MetadataProvider?
    private let sink: LogSink
    private let now: @Sendable () -> Date

    /// Creates a handler writing to `sink`.
    public init(label: String, level: Logger.Level, sink: LogSink = .standardError, metadataProvider: Logger.MetadataProvider? = nil,
         now: @escaping @Sendable () -> Date = Date.init) {
        self.label = label
        logLevel = level
        self.sink = sink
        self.metadataProvider = metadataProvider
        self.now = now
    }

    /// One metadata value on every line.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes one line.
    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let extra = event.metadata { merged.merge(extra) { $1 } }
        let message = event.message.description.replacingOccurrences(of: "\n", with: " ")
        var line = "\(LogTimestamp.string(now())) \(event.level.rawValue) \(label): \(message)"
        for key in merged.keys.sorted() {
            line += " \(key)=\(Self.quoted(merged[key]!.description))"
        }
        if let error = event.error { line += " error=\(Self.quoted(String(describing: error)))" }
        sink.write(line + "\n")
    }

    /// A value as written after `key=`: bare when it has no spaces or quotes, quoted otherwise.
    private static func quoted(_ value: String) -> String {
        guard value.isEmpty || value.contains(where: { $0 == " " || $0 == "\"" || $0 == "=" || $0.isNewline }) else { return value }
        let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
        return "\"\(escaped)\""
    }
}
