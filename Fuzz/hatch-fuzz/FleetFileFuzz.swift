import Foundation
import HatchDeviceSimulator

/// Fleet files: any bytes give a fleet or an error naming file, line and field. Inputs asking for
/// cohorts of more than a few thousand devices are skipped: they are valid and only slow.
enum FleetFileFuzz {
    static func run(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        if text.contains("count"), text.contains(where: { $0.isNumber }), hasLongNumber(text) { return }
        do {
            _ = try FleetFileParser.parse(data, file: "fuzz.yaml")
        } catch {
            if error.file != "fuzz.yaml" || error.message.isEmpty { fatalError("a fleet-file error without file or message: \(error)") }
        }
    }

    /// Whether `text` holds a run of four or more digits (or a hexadecimal number).
    static func hasLongNumber(_ text: String) -> Bool {
        var run = 0
        for character in text {
            run = character.isNumber ? run + 1 : 0
            if run >= 4 { return true }
        }
        return text.contains("0x") || text.contains("0X") || text.contains("_")
    }
}
