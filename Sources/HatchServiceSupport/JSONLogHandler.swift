import Foundation
import HatchDeviceModel
import Logging

/// A swift-log handler that writes one JSON object per line (`--json`):
/// `{"label":"hatch.fleet","level":"info","message":"fault injected: reboot","metadata":{"mac":"…"},"timestamp":"…"}`
/// — keys sorted, no line breaks inside a line, so log shippers and `jq` read it directly.
public struct JSONLogHandler: LogHandler {
    /// The logger's label (`hatch.fleet`, `hatch.metrics`, …).
    public let label: String
    /// The least severe level written.
    public var logLevel: Logger.Level
    /// Metadata on every line.
    public var metadata: Logger.Metadata = [:]
    /// Metadata provided when a line is written.
    public var metadataProvider: Logger.MetadataProvider?
    private let sink: LogSink
    private let now: @Sendable () -> Date

    /// Creates a handler writing to `sink`; `now` is the clock of the timestamps (tests fix it).
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
        var fields: JSONObject = [
            "timestamp": .string(LogTimestamp.string(now())),
            "level": .string(event.level.rawValue),
            "label": .string(label),
            "message": .string(event.message.description),
        ]
        let merged = mergedMetadata(event.metadata)
        if !merged.isEmpty { fields["metadata"] = .object(JSONObject(merged.mapValues(Self.json))) }
        if let error = event.error { fields["error"] = .string(String(describing: error)) }
        sink.write(JSONValue.object(fields).jsonString + "\n")
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
}
