import HatchMQTT

/// What reached a device from the broker and waits for it, in arrival order: requests, and the end
/// of a connection. A task hands them to the device only while there is something to hand, so an
/// idle device keeps no task waiting (a waiting task costs kilobytes, a fleet has 100,000 devices).
struct DeviceInbox: Sendable {
    /// One arrival, with the connection it came on (the device's generation at connect).
    enum Item: Sendable, Equatable {
        case message(MQTTMessage, generation: Int)
        case ended(generation: Int)
    }

    private var items: [Item] = []
    private var head = 0
    /// A task is handing items to the device.
    private var draining = false
    /// The device is still connecting: items wait until it can answer them.
    private var held = false

    /// Adds an arrival; `true` when the caller must start a task to hand it over.
    mutating func add(_ item: Item) -> Bool {
        items.append(item)
        return startsDraining()
    }

    /// Keeps arrivals waiting (the device is connecting and has no session to answer on yet).
    mutating func hold() {
        held = true
    }

    /// Lets arrivals through again; `true` when some wait and the caller must start a task.
    mutating func release() -> Bool {
        held = false
        return head < items.count && startsDraining()
    }

    /// The next arrival for the draining task, or `nil` when there is none or the device is
    /// connecting again (the task then ends; ``release()`` starts another for what waits). An empty
    /// inbox frees its storage, so an idle device keeps none.
    mutating func next() -> Item? {
        guard !held, head < items.count else {
            if head == items.count {
                items = []
                head = 0
            }
            draining = false
            return nil
        }
        head += 1
        return items[head - 1]
    }

    private mutating func startsDraining() -> Bool {
        guard !draining, !held else { return false }
        draining = true
        return true
    }
}
