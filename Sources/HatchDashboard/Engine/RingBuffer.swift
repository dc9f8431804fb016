/// The newest `capacity` elements appended, oldest first.
struct RingBuffer<Element: Sendable>: Sendable {
    private var storage: [Element] = []
    private var start = 0
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    mutating func append(_ element: Element) {
        if storage.count < capacity {
            storage.append(element)
        } else {
            storage[start] = element
            start = (start + 1) % capacity
        }
    }

    /// The newest element.
    var last: Element? {
        guard !storage.isEmpty else { return nil }
        return storage.count < capacity ? storage.last : storage[(start + capacity - 1) % capacity]
    }

    /// Oldest first.
    var elements: [Element] {
        Array(storage[start...] + storage[..<start])
    }
}
