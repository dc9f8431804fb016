import Foundation
import HatchDeviceModel
import Logging

/// A swift-log handler that writes one line per event, in one of two ``Format``s:
/// - ``Format/text``: `2026-01-05T10:50:00.123Z info hatch.fleet: fault injected: reboot fault=reboot mac=… product=restoreV5`;
/// - ``Format/json`` (`--json`): `{"label":"hatch.fleet","level":"info","message":"fault injected: reboot","metadata":{"mac":"…"},"timestamp":"…"}`
///   — keys sorted, no line breaks inside a line, so log shippers and `jq` read it directly.
public struct LineLogHandler: LogHandler {
    /// How a line is written.
    public enum Format: Sendable {
        /// Readable text, metadata as sorted `key=value` pairs.
        case text
        /// One JSON object per line.
        case json
    }

    /// The logger's label (`hatch.fleet`, `hatch.metrics`, …).
    public let label: String
    /// The least severe level written.
    public var logLevel: Logger.Level
    /// Metadata on every line.
    public var metadata: Logger.Metadata = [:]
    /// Metadata provided when a line is written.
    public var metadataProvider: Logger.MetadataProvider?
    private let format: Format
    private let sink: LogSink
    private let now: @Sendable () -> Date

    /// Creates a handler writing `format` lines to `sink`; `now` is the clock of the timestamps (tests fix it).
    public init(label: String, level: Logger.Level, format: Format, sink: LogSink = .standardError,
                metadataProvider: Logger.MetadataProvider? = nil, now: @escaping @Sendable () -> Date = Date.init) {
        self.label = label
        logLevel = level
        self.format = format
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
        let merged = mergedMetadata(event.metadata)
        switch format {
        case .text: sink.write(textLine(event, metadata: merged) + "\n")
        case .json: sink.write(jsonLine(event, metadata: merged) + "\n")
        }
    }

    private func textLine(_ event: LogEvent, metadata: Logger.Metadata) -> String {
        let message = event.message.description.replacingOccurrences(of: "\n", with: " ")
        var line = "\(LogTimestamp.string(now())) \(event.level.rawValue) \(label): \(message)"
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            line += " \(key)=\(Self.quoted(value.description))"
        }
        if let error = event.error { line += " error=\(Self.quoted(String(describing: error)))" }
        return line
    }

    private func jsonLine(_ event: LogEvent, metadata: Logger.Metadata) -> String {
        var fields: JSONObject = [
            "timestamp": .string(LogTimestamp.string(now())),
            "level": .string(event.level.rawValue),
            "label": .string(label),
            "message": .string(event.message.description),
        ]
        if !metadata.isEmpty { fields["metadata"] = .object(JSONObject(metadata.mapValues(Self.json))) }
        if let error = event.error { fields["error"] = .string(String(describing: error)) }
        return JSONValue.object(fields).jsonString
    }

    /// The handler's metadata, then the provider's, then the event's (later ones win).
    private func mergedMetadata(_ event: Logger.Metadata?) -> Logger.Metadata {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let event { merged.merge(event) { $1 } }
        return merged
    }

    /// A metadata value as JSON: strings stay strings, dictionaries objects, arrays arrays.
    public static func json(_ value: Logger.Metadata.Value) -> JSONValue {
        switch value {
        case .string(let string): return .string(string)
        case .stringConvertible(let convertible): return .string(convertible.description)
        case .dictionary(let dictionary): return .object(JSONObject(dictionary.mapValues(json)))
        case .array(let array): return .array(array.map(json))
        }
    }

    /// A value as written after `key=`: bare when it has no spaces or quotes, quoted otherwise.
    private static func quoted(_ value: String) -> String {
        guard value.isEmpty || value.contains(where: { $0 == " " || $0 == "\"" || $0 == "=" || $0.isNewline }) else { return value }
        let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
        return "\"\(escaped)\""
    }
}
