import Foundation

extension MetricUnit {
    /// The bound `text` means in this unit: a bare number (in this unit), or a number with one of this
    /// unit's ``suffixes`` (`2ms`, `2s`, `99%`, `12KB`, `500/s`). `nil` when it is neither, e.g. a
    /// suffix of another unit.
    package func bound(_ text: String) -> Double? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if let plain = NodeCursor.parseNumber(text) { return plain }
        for (suffix, factor) in suffixes.sorted(by: { $0.0.count > $1.0.count }) where !suffix.isEmpty && text.hasSuffix(suffix) {
            let number = String(text.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
            if let value = NodeCursor.parseNumber(number) { return value * factor }
        }
        return nil
    }

    /// The bounds this unit allows, in this unit (a share is 0…1; nothing is negative).
    package func allows(_ value: Double) -> Bool {
        switch self {
        case .share: (0...1).contains(value)
        case .count: value >= 0 && value.rounded() == value
        default: value >= 0
        }
    }
}
