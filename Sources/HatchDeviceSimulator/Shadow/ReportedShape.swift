import HatchDeviceModel
import Synchronization

/// The structure of a stored `state.reported` (its keys at every level, without values) and the
/// fixed text of its encoding, shared by every device whose reported state has that structure.
///
/// A fleet's devices of one product report the same fields, so a few shapes serve thousands of
/// devices: each device keeps only its leaf values and their timestamps (``ReportedStore``), and
/// encodes `state.reported` and `metadata.reported` by writing the shape's text between them.
final class ReportedShape: Sendable {
    /// An object of the document: its keys in ascending order and what each holds.
    struct Node: Sendable {
        var keys: [String] = []
        var children: [Child] = []

        /// Where `key` is among ``keys`` at `start` or after, or `nil`: the key at `start` first (a
        /// report often names neighbouring keys, and equal keys compare at once), then a search.
        func index(of key: String, from start: Int) -> Int? {
            guard start < keys.count else { return nil }
            if keys[start] == key { return start }
            var low = start &+ 1, high = keys.count
            while low < high {
                let middle = (low &+ high) / 2
                if keys[middle] < key { low = middle &+ 1 } else { high = middle }
            }
            return low < keys.count && keys[low] == key ? low : nil
        }

        /// Where `key` is among ``keys``, or `nil`.
        func index(of key: String) -> Int? {
            var low = 0, high = keys.count
            while low < high {
                let middle = (low &+ high) / 2
                if keys[middle] < key { low = middle &+ 1 } else { high = middle }
            }
            return low < keys.count && keys[low] == key ? low : nil
        }
    }

    /// What a key of a ``Node`` holds: a leaf value (its index in the device's values) or an object.
    enum Child: Sendable, Equatable {
        case leaf(Int)
        case object(Int)
    }

    /// The objects, the root first, in the order their `{` appear in the encoding.
    let nodes: [Node]
    /// How many leaf values a device of this shape keeps.
    let leafCount: Int
    /// The encoding of `state.reported` without its leaf values: text `i` (from `stateStarts[i]` to
    /// `stateStarts[i + 1]`) comes before leaf `i`, the last after the last leaf.
    let stateText: [UInt8]
    let stateStarts: [Int]
    /// The same for `metadata.reported`, where each leaf is `{"timestamp":N}`: text `i` ends with
    /// `{"timestamp":` (and after the first, starts with the `}` of the leaf before).
    let metadataText: [UInt8]
    let metadataStarts: [Int]
    /// `metadata.reported` with ``stampDigits`` zeros where each leaf's timestamp goes, so that a
    /// document whose timestamps all have that many digits (every epoch second from September 2001 on)
    /// is this text copied at once with each timestamp's digits stored over its zeros: leaf `i`'s start
    /// at `metadataStarts[i + 1] + stampDigits * i`.
    let metadataTemplate: [UInt8]
    /// The leaves each node holds at any depth: from `nodeLeaves[i].lowerBound` to before its
    /// `upperBound` (a walk numbers leaves in order, so a node's are consecutive).
    let nodeLeaves: [Range<Int>]
    /// The leaf of each ``ReportedLeaf`` (by raw value), or -1 where the shape has none.
    let reportedLeaves: [Int]
    /// Every node's keys encoded as `"key":`, one after the other in node order: key `p` of node `n`
    /// lies from `keyStarts[nodeKeys[n] + p]` to before `keyStarts[nodeKeys[n] + p + 1]`.
    let keyTexts: [UInt8]
    let keyStarts: [Int]
    let nodeKeys: [Int]
    /// For key `p` of node `n`, at `nodeKeys[n] + p`: the leaf after the last one its child holds.
    let childLeafEnds: [Int]

    /// Bytes past the end of each text that may be read (and of an output that may be written) by
    /// copies made sixteen bytes at a time.
    static let padding = 16

    /// The digits of the timestamps ``metadataTemplate`` has room for.
    static let stampDigits = 10

    private init(nodes: [Node], leafCount: Int, stateText: [UInt8], stateStarts: [Int]) {
        self.nodes = nodes
        self.leafCount = leafCount
        self.stateText = stateText + repeatElement(0, count: Self.padding)
        self.stateStarts = stateStarts
        var metadata: [UInt8] = []
        var starts: [Int] = []
        metadata.reserveCapacity(stateText.count + leafCount * 15 + Self.padding)
        for index in 0...leafCount {
            starts.append(metadata.count)
            if index > 0 { metadata.append(UInt8(ascii: "}")) }
            metadata += stateText[stateStarts[index]..<stateStarts[index + 1]]
            if index < leafCount { metadata += Array(#"{"timestamp":"#.utf8) }
        }
        starts.append(metadata.count)
        metadataText = metadata + repeatElement(0, count: Self.padding)
        metadataStarts = starts
        var template: [UInt8] = []
        template.reserveCapacity(metadata.count + leafCount * Self.stampDigits)
        for index in 0...leafCount {
            template += metadata[starts[index]..<starts[index + 1]]
            if index < leafCount { template += repeatElement(UInt8(ascii: "0"), count: Self.stampDigits) }
        }
        metadataTemplate = template
        nodeLeaves = Self.leafRanges(of: nodes)
        reportedLeaves = Self.leaves(of: ReportedLeaf.allCases, in: nodes)
        var keys = JSONByteWriter(capacity: 1024)
        var keyStarts: [Int] = [], nodeKeys: [Int] = [], childLeafEnds: [Int] = []
        for node in nodes {
            nodeKeys.append(keyStarts.count)
            for (key, child) in zip(node.keys, node.children) {
                keyStarts.append(keys.byteCount)
                JSONValue.writeString(key, into: &keys)
                keys.append(UInt8(ascii: ":"))
                switch child {
                case .leaf(let leaf): childLeafEnds.append(leaf + 1)
                case .object(let inner): childLeafEnds.append(nodeLeaves[inner].upperBound)
                }
            }
        }
        self.childLeafEnds = childLeafEnds
        keyStarts.append(keys.byteCount)
        keyTexts = keys.makeArray()
        self.keyStarts = keyStarts
        self.nodeKeys = nodeKeys
    }

    /// The leaves of each node, the nodes' children walked in order.
    private static func leafRanges(of nodes: [Node]) -> [Range<Int>] {
        var ranges = [Range<Int>](repeating: 0..<0, count: nodes.count)
        var next = 0
        func walk(_ index: Int) {
            let start = next
            for child in nodes[index].children {
                switch child {
                case .leaf: next += 1
                case .object(let inner): walk(inner)
                }
            }
            ranges[index] = start..<next
        }
        if !nodes.isEmpty { walk(0) }
        return ranges
    }

    /// The leaf at each of `leaves`' paths, or -1.
    private static func leaves(of leaves: [ReportedLeaf], in nodes: [Node]) -> [Int] {
        leaves.map { leaf in
            var node = 0
            for (depth, key) in leaf.path.enumerated() {
                guard node < nodes.count, let position = nodes[node].index(of: key) else { return -1 }
                switch nodes[node].children[position] {
                case .leaf(let found): return depth == leaf.path.count - 1 ? found : -1
                case .object(let inner): node = inner
                }
            }
            return -1
        }
    }

    /// The leaf values and timestamps of a stored `state.reported` and its `metadata.reported`, and
    /// their shape; `nil` when the two do not fit one shape (a metadata leaf that is not exactly
    /// `{"timestamp": N}`, an array, a `null`), which ``ReportedStore`` then keeps as trees.
    static func decompose(reported: JSONObject, metadata: JSONObject) -> (ReportedShape, ContiguousArray<JSONValue>, ContiguousArray<Int>)? {
        var builder = Builder()
        guard builder.add(reported, metadata: metadata) != nil else { return nil }
        var starts = builder.starts
        starts.append(builder.text.byteCount)
        let shape = intern(nodes: builder.nodes, text: builder.text.array(from: 0), starts: starts, leafCount: builder.values.count)
        return (shape, builder.values, builder.stamps)
    }

    /// Builds a shape while walking a document, collecting its leaves.
    private struct Builder: ~Copyable {
        var nodes: [Node] = []
        var text = JSONByteWriter(capacity: 1024)
        var starts: [Int] = [0]
        var values: ContiguousArray<JSONValue> = []
        var stamps: ContiguousArray<Int> = []

        /// Adds the object `fields` (with its metadata) as a node; returns its index.
        mutating func add(_ fields: JSONObject, metadata: JSONObject) -> Int? {
            guard fields.count == metadata.count else { return nil }
            let index = nodes.count
            nodes.append(Node())
            var node = Node()
            node.keys.reserveCapacity(fields.count)
            node.children.reserveCapacity(fields.count)
            text.append(UInt8(ascii: "{"))
            for position in 0..<fields.count {
                let (key, value) = fields[position]
                guard metadata[position].key == key else { return nil }
                if position > 0 { text.append(UInt8(ascii: ",")) }
                JSONValue.writeString(key, into: &text)
                text.append(UInt8(ascii: ":"))
                let meta = metadata[position].value
                switch value {
                case .object(let inner):
                    guard case .object(let innerMetadata) = meta, let child = add(inner, metadata: innerMetadata) else { return nil }
                    node.children.append(.object(child))
                case .bool, .int, .double, .string:
                    guard case .object(let leaf) = meta, leaf.count == 1, leaf[0].key == "timestamp",
                          case .int(let stamp) = leaf[0].value else { return nil }
                    node.children.append(.leaf(values.count))
                    values.append(value)
                    stamps.append(stamp)
                    starts.append(text.byteCount)
                case .null, .array:
                    return nil
                }
                node.keys.append(key)
            }
            text.append(UInt8(ascii: "}"))
            nodes[index] = node
            return index
        }
    }

    /// One shape per structure, so devices alike share theirs. The table stops growing at
    /// ``internedLimit`` shapes (a shadow service of many unlike things): later ones are not shared.
    private static func intern(nodes: [Node], text: [UInt8], starts: [Int], leafCount: Int) -> ReportedShape {
        let key = Signature(text: text, starts: starts)
        return interned.withLock { table in
            if let shape = table[key] { return shape }
            let shape = ReportedShape(nodes: nodes, leafCount: leafCount, stateText: text, stateStarts: starts)
            if table.count < internedLimit { table[key] = shape }
            return shape
        }
    }

    private struct Signature: Hashable {
        let text: [UInt8]
        let starts: [Int]
    }

    static let internedLimit = 4096
    private static let interned = Mutex<[Signature: ReportedShape]>([:])

    /// Whether two shapes have the same structure.
    func hasSameStructure(as other: ReportedShape) -> Bool {
        self === other || (stateText == other.stateText && stateStarts == other.stateStarts)
    }
}
