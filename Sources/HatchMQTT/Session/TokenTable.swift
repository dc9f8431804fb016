/// Values by the token of the call that registered them, for the few a subscription holds (usually
/// one): a short array searched in turn, which costs a session far less memory than a dictionary
/// per filter.
struct TokenTable<Value> {
    private var entries: [(token: UInt64, value: Value)] = []

    /// The value of `token`; setting `nil` removes it.
    subscript(token: UInt64) -> Value? {
        get { entries.first { $0.token == token }?.value }
        set {
            let index = entries.firstIndex { $0.token == token }
            switch (index, newValue) {
            case (let index?, let value?): entries[index].value = value
            case (let index?, nil): entries.remove(at: index)
            case (nil, let value?): entries.append((token, value))
            case (nil, nil): break
            }
        }
    }

    /// Removes `token`'s value and returns it.
    @discardableResult
    mutating func removeValue(forKey token: UInt64) -> Value? {
        guard let index = entries.firstIndex(where: { $0.token == token }) else { return nil }
        return entries.remove(at: index).value
    }

    /// Every value, in the order they were added.
    var values: [Value] { entries.map(\.value) }

    /// Whether the table holds nothing.
    var isEmpty: Bool { entries.isEmpty }

    /// Removes every value and frees the storage.
    mutating func removeAll() {
        entries = []
    }
}
