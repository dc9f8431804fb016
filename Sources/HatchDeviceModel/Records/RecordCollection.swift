/// A device's routines or alarms with their `dataVersion`, published retained on
/// `hatch/things/{thing}/{routines|alarms}` as `{"dataVersion": 3, "routines": […]}`. Every accepted
/// change increments `dataVersion`.
public struct RecordCollection<Item: DeviceRecord>: Sendable, Hashable {
    /// Incremented on every change.
    public var dataVersion: Int
    /// The records, ordered by id.
    public private(set) var items: [Item]

    /// Creates a collection; items are sorted by id.
    public init(dataVersion: Int = 1, items: [Item] = []) {
        self.dataVersion = dataVersion
        self.items = items.sorted { $0.id < $1.id }
    }

    /// The record with `id`. Inlinable, so the engine's lookup on every tick is specialized for
    /// its record type rather than run through the generic protocol witnesses.
    @inlinable
    public subscript(id id: Int) -> Item? {
        for item in items where item.id == id { return item }
        return nil
    }

    /// Replaces a record in place without a request (the device's own changes, e.g. a one-time
    /// alarm disabling itself); increments `dataVersion`.
    public mutating func replace(_ item: Item) {
        guard let index = items.firstIndex(where: { $0.id == item.id }) else { return }
        items[index] = item
        dataVersion += 1
    }

    /// Applies a request. Returns the id it touched; throws a ``ShadowRejection`` (400 invalid,
    /// 404 unknown id, 409 stale `dataVersion`) with the request's `clientToken`.
    @discardableResult
    public mutating func apply(_ request: RecordRequest<Item>) throws(ShadowRejection) -> Int {
        let token = request.clientToken
        if let expected = request.dataVersion, expected != dataVersion {
            throw ShadowRejection(code: 409, message: "Version conflict: dataVersion is \(dataVersion), the request expected \(expected)",
                                  clientToken: token)
        }
        switch request.op {
        case .create:
            guard var item = request.item else {
                throw ShadowRejection(code: 400, message: "create needs a '\(Item.singularKey)' object", clientToken: token)
            }
            if item.id == 0 { item.id = (items.map(\.id).max() ?? 0) + 1 }
            if let problem = item.validationProblem() {
                throw ShadowRejection(code: 400, message: "\(Item.singularKey).\(problem)", clientToken: token)
            }
            if self[id: item.id] != nil {
                throw ShadowRejection(code: 409, message: "A \(Item.singularKey) with id \(item.id) exists already; use edit", clientToken: token)
            }
            items.append(item)
            items.sort { $0.id < $1.id }
            dataVersion += 1
            return item.id
        case .edit:
            guard let item = request.item else {
                throw ShadowRejection(code: 400, message: "edit needs a '\(Item.singularKey)' object", clientToken: token)
            }
            if let problem = item.validationProblem() {
                throw ShadowRejection(code: 400, message: "\(Item.singularKey).\(problem)", clientToken: token)
            }
            guard let index = items.firstIndex(where: { $0.id == item.id }) else {
                throw ShadowRejection(code: 404, message: "No \(Item.singularKey) with id \(item.id)", clientToken: token)
            }
            items[index] = item
            dataVersion += 1
            return item.id
        case .delete, .enable:
            guard let id = request.id ?? request.item?.id else {
                throw ShadowRejection(code: 400, message: "\(request.op.rawValue) needs an 'id'", clientToken: token)
            }
            guard let index = items.firstIndex(where: { $0.id == id }) else {
                throw ShadowRejection(code: 404, message: "No \(Item.singularKey) with id \(id)", clientToken: token)
            }
            if request.op == .delete {
                items.remove(at: index)
            } else {
                items[index].enabled = request.enabled ?? true
            }
            dataVersion += 1
            return id
        }
    }
}

extension RecordCollection: Codable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes `{"dataVersion": n, "routines"|"alarms": […]}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        dataVersion = try container.decodeIfPresent(Int.self, forKey: Key(stringValue: "dataVersion")) ?? 1
        items = try container.decodeIfPresent([Item].self, forKey: Key(stringValue: Item.kind.rawValue)) ?? []
        items.sort { $0.id < $1.id }
    }

    /// Encodes `{"dataVersion": n, "routines"|"alarms": […]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(dataVersion, forKey: Key(stringValue: "dataVersion"))
        try container.encode(items, forKey: Key(stringValue: Item.kind.rawValue))
    }
}
