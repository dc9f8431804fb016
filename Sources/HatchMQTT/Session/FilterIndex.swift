/// A session's filters by their literal prefix (the bytes before the first wildcard, which are whole
/// levels), so a message is matched only against the filters that can match it: those whose prefix is
/// a level prefix of its topic. A session that follows thousands of devices holds thousands of filters
/// that differ in their thing name; without the index every message met all of them.
struct FilterIndex {
    private var filtersByPrefix: [String: Set<String>] = [:]

    /// Below this many filters a session tries each filter in turn: a lookup builds a string per level
    /// of the topic, which costs more than matching a few filters.
    static let worthwhileFilterCount = 16

    /// Adds `filter` (again: no change).
    mutating func insert(_ filter: String) {
        filtersByPrefix[Self.prefix(of: filter), default: []].insert(filter)
    }

    /// Removes `filter`.
    mutating func remove(_ filter: String) {
        let prefix = Self.prefix(of: filter)
        filtersByPrefix[prefix]?.remove(filter)
        if filtersByPrefix[prefix]?.isEmpty == true { filtersByPrefix.removeValue(forKey: prefix) }
    }

    /// Forgets every filter.
    mutating func removeAll() {
        filtersByPrefix.removeAll()
    }

    /// Calls `body` with every filter that may match `topic` (each once); the caller still matches.
    func forEachCandidate(of topic: String, _ body: (String) -> Void) {
        func visit(_ prefix: String) {
            filtersByPrefix[prefix]?.forEach(body)
        }
        visit("")
        let utf8 = topic.utf8
        var index = utf8.startIndex
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: "/") {
                visit(String(topic[...index]))
            }
            index = utf8.index(after: index)
        }
        visit(topic)
        // `level/#` also matches `level` itself.
        if !topic.hasSuffix("/") { visit(topic + "/") }
    }

    /// The bytes of `filter` before its first `+` or `#`; the whole filter when it has none.
    static func prefix(of filter: String) -> String {
        guard let wildcard = filter.utf8.firstIndex(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "#") }) else {
            return filter
        }
        return String(filter[..<wildcard])
    }
}
