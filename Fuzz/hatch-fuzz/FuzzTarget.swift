import Foundation

/// The fuzz targets: each takes arbitrary bytes and must neither crash nor hang, whatever they are.
enum FuzzTarget: String, CaseIterable {
    /// ``JSONParserFuzz``: the JSON parser behind every payload.
    case jsonParser = "json-parser"
    /// ``ShadowRequestFuzz``: shadow get/update/delete payloads through the decoder and the shadow service.
    case shadowRequest = "shadow-request"
    /// ``RecordRequestFuzz``: routine and alarm requests, and fleet control requests.
    case recordRequest = "record-request"
    /// ``FleetFileFuzz``: fleet files (YAML).
    case fleetFile = "fleet-file"

    /// Feeds one input to the target.
    func run(_ data: Data) {
        switch self {
        case .jsonParser: JSONParserFuzz.run(data)
        case .shadowRequest: ShadowRequestFuzz.run(data)
        case .recordRequest: RecordRequestFuzz.run(data)
        case .fleetFile: FleetFileFuzz.run(data)
        }
    }

    /// The same as a C function for libFuzzer (a C function cannot capture which target it is).
    var callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 {
        switch self {
        case .jsonParser: return { bytes, count in FuzzTarget.jsonParser.run(Data(bytes: bytes!, count: count)); return 0 }
        case .shadowRequest: return { bytes, count in FuzzTarget.shadowRequest.run(Data(bytes: bytes!, count: count)); return 0 }
        case .recordRequest: return { bytes, count in FuzzTarget.recordRequest.run(Data(bytes: bytes!, count: count)); return 0 }
        case .fleetFile: return { bytes, count in FuzzTarget.fleetFile.run(Data(bytes: bytes!, count: count)); return 0 }
        }
    }
}
