/// Values by the token of the call that registered them, for the few a subscription holds (usually
/// one): a single entry kept inline, more in a short array searched in turn, which costs a session
/// far less memory than a dictionary, or even an array, per filter.
struct TokenTable<Value> {
    private enum Storage {
        case empty
        case one(token: UInt64, value: Value)
        case many([(token: UInt64, value: Value)])
    }

    private var storage = Storage.empty

    /// The value of `token`; setting `nil` removes it.
    subscript(token: UInt64) -> Value? {
        get {
            switch storage {
            case .empty: return nil
            case .one(let held, let value): return held == token ? value : nil
            case .many(let entries): return entries.first { $0.token == token }?.value
            }
        }
        set {
            var entries = self.entries
            let index = entries.firstIndex { $0.token == token }
            switch (index, newValue) {
            case (let index?, let value?): entries[index].value = value
            case (let index?, nil): entries.remove(at: index)
            case (nil, let value?): entries.append((token, value))
            case (nil, nil): return
            }
            self.entries = entries
        }
    }

    /// Removes `token`'s value and returns it.
    @discardableResult
    mutating func removeValue(forKey token: UInt64) -> Value? {
        let value = self[token]
        if value != nil { self[token] = nil }
        return value
    }

    /// Calls `body` with every value, in the order they were added (without copying them out).
    func forEach(_ body: (Value) throws -> Void) rethrows {
        switch storage {
        case .empty: return
        case .one(_, let value): try body(value)
        case .many(let entries): for entry in entries { try body(entry.value) }
        }
    }

    /// Whether the table holds nothing.
    var isEmpty: Bool {
        if case .empty = storage { return true }
        return false
    }

    /// Removes every value and frees the storage.
    mutating func removeAll() {
        storage = .empty
    }

    /// The entries as an array, and the compact form of an array (registering and removing only).
    private var entries: [(token: UInt64, value: Value)] {
        get {
            switch storage {
            case .empty: return []
            case .one(let token, let value): return [(token, value)]
            case .many(let entries): return entries
            }
        }
        set {
            switch newValue.count {
            case 0: storage = .empty
            case 1: storage = .one(token: newValue[0].token, value: newValue[0].value)
            default: storage = .many(newValue)
            }
        }
    }
}
