/// What a poller reports for one socket, whatever the backend: the epoll bits and the poll(2) bits
/// both map onto this set, so ``SessionCore`` reacts to readiness the same way on either.
struct SocketEvents: OptionSet, Sendable {
    let rawValue: UInt8

    /// Bytes (or an end of file) can be read.
    static let readable = SocketEvents(rawValue: 1 << 0)
    /// The socket accepts more bytes (reported only while write interest is armed).
    static let writable = SocketEvents(rawValue: 1 << 1)
    /// The peer hung up (`EPOLLHUP`, `POLLHUP`): reading reports the end of file.
    static let hangUp = SocketEvents(rawValue: 1 << 2)
    /// The socket has a pending error (`EPOLLERR`, `POLLERR`): reading or writing reports it.
    static let error = SocketEvents(rawValue: 1 << 3)

    /// The events after which the session reads: data, an end of file or an error.
    static let needsRead: SocketEvents = [.readable, .hangUp, .error]
    /// The events after which the session writes: room to write, or an error to collect.
    static let needsWrite: SocketEvents = [.writable, .error]
}
