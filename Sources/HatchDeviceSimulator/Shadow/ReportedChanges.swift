/// The leaves one update of a shaped `state.reported` set, each with the text and the timestamp it held
/// before: what the update's `previous` document writes back, and where its replies mark the leaves.
///
/// Kept in memory its caller allocates on the stack for the update (``with(room:_:)``), so recording
/// what changed allocates and retains nothing. Valid only inside that call.
struct ReportedChanges {
    /// A leaf an update set, with where the text it held lies (``text(at:)``) and its timestamp then.
    struct Change {
        private let storedLeaf: Int32
        private let textStart: UInt16, textEnd: UInt16
        private var storedStamp: UInt32

        init(leaf: Int, text: Range<Int>) {
            storedLeaf = Int32(truncatingIfNeeded: leaf)
            textStart = UInt16(truncatingIfNeeded: text.lowerBound)
            textEnd = UInt16(truncatingIfNeeded: text.upperBound)
            storedStamp = 0
        }

        var leaf: Int { Int(storedLeaf) }
        var text: Range<Int> { Int(textStart)..<Int(textEnd) }
        /// Epoch seconds, as the store keeps them.
        var stamp: Int {
            get { Int(storedStamp) }
            set { storedStamp = UInt32(truncatingIfNeeded: newValue) }
        }
    }

    private let entries: UnsafeMutableBufferPointer<Change>
    private let texts: UnsafeMutableRawBufferPointer
    /// How many changes are kept.
    private(set) var count = 0
    private var textCount = 0

    private init(entries: UnsafeMutableBufferPointer<Change>, texts: UnsafeMutableRawBufferPointer) {
        self.entries = entries
        self.texts = texts
    }

    /// No changes: what a document written without marks is given.
    static var none: ReportedChanges {
        ReportedChanges(entries: UnsafeMutableBufferPointer(start: nil, count: 0), texts: UnsafeMutableRawBufferPointer(start: nil, count: 0))
    }

    /// Calls `body` with an empty set that has room for `room` (``ReportedStore/changeRoom``): as many
    /// changes as leaves, and as many text bytes as all of them hold.
    @inline(__always)
    static func with<Result>(room: (leaves: Int, textBytes: Int), _ body: (inout ReportedChanges) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: Change.self, capacity: max(1, room.leaves)) { entries in
            withUnsafeTemporaryAllocation(byteCount: max(1, room.textBytes), alignment: 1) { texts in
                var changes = ReportedChanges(entries: entries, texts: texts)
                return body(&changes)
            }
        }
    }

    var isEmpty: Bool { count == 0 }

    /// Change `index`, in the order they were kept (leaf order).
    subscript(index: Int) -> Change {
        get { entries[index] }
        set { entries[index] = newValue }
    }

    /// The text change `index`'s leaf held.
    func text(at index: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: texts[entries[index].text])
    }

    /// Keeps that `leaf` held `text` (its timestamp set after, ``subscript(_:)``); the set must have room.
    mutating func append(leaf: Int, text: UnsafeRawBufferPointer) {
        precondition(count < entries.count && textCount + text.count <= min(texts.count, Int(UInt16.max)),
                     "ReportedChanges: no room for another change")
        let start = textCount
        if let base = text.baseAddress, !text.isEmpty {
            (texts.baseAddress.unsafelyUnwrapped + start).copyMemory(from: base, byteCount: text.count)
        }
        textCount &+= text.count
        (entries.baseAddress.unsafelyUnwrapped + count).initialize(to: Change(leaf: leaf, text: start..<textCount))
        count &+= 1
    }
}
