import HatchDeviceModel

/// The stored classic shadow of one device: desired and reported state, their metadata
/// (per-field update timestamps) and the version. Persisted with the device's settings, so the
/// version keeps counting across fleet restarts as it does in the cloud.
///
/// `state.reported` and its metadata are kept compact (`ReportedStore`): ``reported`` and
/// ``reportedMetadata`` build their trees when read.
public struct ShadowDocument: Sendable, Hashable, Codable {
    /// `state.desired`, absent when empty.
    public var desired: JSONValue?
    /// `metadata.desired`.
    public var desiredMetadata: JSONValue?
    /// Incremented on every accepted update; 0 before the first.
    public var version: Int
    /// When the document was deleted (epoch seconds of the shadow's clock), until it is created again:
    /// within ``DeviceShadow/versionKeptAfterDelete`` the new document continues the version, later it
    /// starts again, as AWS IoT does.
    public var deletedAt: Int?
    /// `state.reported` and `metadata.reported`.
    var reportedStore: ReportedStore

    /// Creates a document from its parts.
    public init(desired: JSONValue? = nil, reported: JSONValue? = nil, desiredMetadata: JSONValue? = nil,
                reportedMetadata: JSONValue? = nil, version: Int = 0, deletedAt: Int? = nil) {
        self.desired = desired
        self.desiredMetadata = desiredMetadata
        self.version = version
        self.deletedAt = deletedAt
        reportedStore = ReportedStore(reported: reported, metadata: reportedMetadata)
    }

    /// `state.reported`, absent when empty.
    public var reported: JSONValue? {
        get { reportedStore.reported }
        set { reportedStore = ReportedStore(reported: newValue, metadata: reportedStore.metadata) }
    }

    /// `metadata.reported`.
    public var reportedMetadata: JSONValue? {
        get { reportedStore.metadata }
        set { reportedStore = ReportedStore(reported: reportedStore.reported, metadata: newValue) }
    }

    /// Whether a document exists (AWS answers 404 to `get` before the first update).
    public var exists: Bool { desired != nil || reportedStore.hasReported }

    /// `state.delta`: desired fields that differ from reported.
    public var delta: JSONValue? {
        guard let desired else { return nil }
        return reportedStore.delta(desired: desired)
    }

    /// `{"desired": …, "reported": …, "delta": …}` as in `/get/accepted` (delta only when asked).
    func stateNode(includingDelta: Bool) -> JSONValue {
        var state: JSONObject = [:]
        if let desired { state["desired"] = desired }
        if let reported { state["reported"] = reported }
        if includingDelta, let delta { state["delta"] = delta }
        return .object(state)
    }

    /// `{"desired": …, "reported": …}` metadata node.
    var metadataNode: JSONValue {
        var metadata: JSONObject = [:]
        if let desiredMetadata { metadata["desired"] = desiredMetadata }
        if let reportedMetadata { metadata["reported"] = reportedMetadata }
        return .object(metadata)
    }

    /// The form used in `/update/documents` (`previous` and `current`).
    var documentsNode: JSONValue {
        ["state": stateNode(includingDelta: false), "metadata": metadataNode, "version": .int(version)]
    }

    /// About the size of ``documentsNode`` written (exact texts, a generous guess for the values):
    /// what a payload that holds it reserves.
    var encodedByteCountEstimate: Int {
        (desired?.encodedByteCount ?? 0) * 2 + (desiredMetadata == nil ? 0 : 64) + reportedStore.encodedByteCountEstimate + 64
    }

    /// Where the parts of a written ``documentsNode`` lie that differ from the document before a
    /// report: the timestamps and values of the leaves it set, and the version.
    struct DocumentsLayout {
        var whole: Range<Int> = 0..<0
        /// One per change, then one per change: where its timestamp lies, then where its value does.
        var marks: UnsafeMutableBufferPointer<Range<Int>>
        var version: Range<Int> = 0..<0
    }

    /// Appends ``documentsNode`` as compact JSON with sorted keys, `state.reported` and its metadata
    /// written straight from the store; returns where the leaves of `marked` (changes in leaf order)
    /// and the version lie, the leaves' in `marks` (room for two per change).
    @discardableResult
    func writeDocumentsNode(into output: inout JSONByteWriter, marking marked: ReportedChanges = .none,
                            marks: UnsafeMutableBufferPointer<Range<Int>> = UnsafeMutableBufferPointer(start: nil, count: 0)) -> DocumentsLayout {
        var layout = DocumentsLayout(marks: marks)
        let start = output.byteCount
        output.append(#"{"metadata":{"#)
        Self.writeParts(desired: desiredMetadata, hasReported: reportedStore.hasMetadata, into: &output) {
            reportedStore.writeMetadata(into: &$0, marking: marked, positions: marks)
        }
        output.append(#"},"state":{"#)
        Self.writeParts(desired: desired, hasReported: reportedStore.hasReported, into: &output) {
            reportedStore.writeReported(into: &$0, marking: marked,
                                        positions: marked.isEmpty ? marks : UnsafeMutableBufferPointer(rebasing: marks[marked.count...]))
        }
        output.append(#"},"version":"#)
        let version = output.byteCount
        JSONValue.writeInteger(self.version, into: &output)
        layout.version = version..<output.byteCount
        output.append(UInt8(ascii: "}"))
        layout.whole = start..<output.byteCount
        return layout
    }

    /// Appends `"desired":…,"reported":…` of `state` or `metadata`, either part only when it exists.
    private static func writeParts(desired: JSONValue?, hasReported: Bool, into output: inout JSONByteWriter,
                                   reported writeReported: (inout JSONByteWriter) -> Void) {
        if let desired {
            output.append(#""desired":"#)
            desired.write(into: &output)
            if hasReported { output.append(UInt8(ascii: ",")) }
        }
        if hasReported {
            output.append(#""reported":"#)
            writeReported(&output)
        }
    }

    /// Appends the ``documentsNode`` of the document as it was before a report that set the leaves of
    /// `changes`: a copy of the written node at `layout` with each changed timestamp and value, and
    /// the version (`version`), written as they were.
    static func appendPrevious(of layout: DocumentsLayout, changes: ReportedChanges, version: Int,
                               into output: inout JSONByteWriter) {
        var copied = layout.whole.lowerBound
        func copy(upTo end: Int) {
            output.append(copyOf: copied..<end)
        }
        for index in 0..<changes.count {
            copy(upTo: layout.marks[index].lowerBound)
            JSONValue.writeInteger(changes[index].stamp, into: &output)
            copied = layout.marks[index].upperBound
        }
        for index in 0..<changes.count {
            let range = layout.marks[changes.count &+ index]
            copy(upTo: range.lowerBound)
            output.append(changes.text(at: index))
            copied = range.upperBound
        }
        copy(upTo: layout.version.lowerBound)
        JSONValue.writeInteger(version, into: &output)
        copied = layout.version.upperBound
        copy(upTo: layout.whole.upperBound)
    }

    private enum CodingKeys: String, CodingKey {
        case desired, reported, desiredMetadata, reportedMetadata, version, deletedAt
    }

    /// Reads a document as ``encode(to:)`` writes it (the state folder's form).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(desired: try container.decodeIfPresent(JSONValue.self, forKey: .desired),
                  reported: try container.decodeIfPresent(JSONValue.self, forKey: .reported),
                  desiredMetadata: try container.decodeIfPresent(JSONValue.self, forKey: .desiredMetadata),
                  reportedMetadata: try container.decodeIfPresent(JSONValue.self, forKey: .reportedMetadata),
                  version: try container.decode(Int.self, forKey: .version),
                  deletedAt: try container.decodeIfPresent(Int.self, forKey: .deletedAt))
    }

    /// Writes the document with its reported state and metadata as trees, absent parts left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(desired, forKey: .desired)
        try container.encodeIfPresent(reported, forKey: .reported)
        try container.encodeIfPresent(desiredMetadata, forKey: .desiredMetadata)
        try container.encodeIfPresent(reportedMetadata, forKey: .reportedMetadata)
        try container.encode(version, forKey: .version)
        try container.encodeIfPresent(deletedAt, forKey: .deletedAt)
    }
}
