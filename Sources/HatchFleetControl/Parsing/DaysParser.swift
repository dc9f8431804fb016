import HatchDeviceModel

/// Parses `--days`: `weekdays`, `weekend`, `everyday`, `once`, or a comma list such as `mon,wed,fri`.
package enum DaysParser {
    private static let names: [(String, DaysOfWeek)] = [
        ("sun", .sunday), ("mon", .monday), ("tue", .tuesday), ("wed", .wednesday),
        ("thu", .thursday), ("fri", .friday), ("sat", .saturday),
    ]

    /// The days `text` names; a typed error lists what is accepted.
    package static func parse(_ text: String) throws(FleetControlError) -> DaysOfWeek {
        switch text.lowercased() {
        case "weekdays": return .weekdays
        case "weekend", "weekends": return .weekend
        case "everyday", "every-day", "daily", "all": return .everyDay
        case "once", "none": return .once
        default: break
        }
        var days: DaysOfWeek = []
        for piece in text.lowercased().split(separator: ",") {
            let key = String(piece.trimmingCharacters(in: .whitespaces).prefix(3))
            guard let day = names.first(where: { $0.0 == key })?.1 else {
                throw .invalidArgument("'\(text)' is not a set of days; write weekdays, weekend, everyday, once, or days such as mon,wed,fri.")
            }
            days.insert(day)
        }
        return days
    }

    /// `Mon–Fri`, `Sat, Sun`, `every day`, `once`.
    package static func describe(_ days: DaysOfWeek) -> String {
        if days.isOnce { return "once" }
        if days == .everyDay { return "every day" }
        if days == .weekdays { return "weekdays" }
        if days == .weekend { return "weekend" }
        return names.filter { days.contains($0.1) }.map { $0.0.prefix(1).uppercased() + $0.0.dropFirst() }.joined(separator: ",")
    }
}
