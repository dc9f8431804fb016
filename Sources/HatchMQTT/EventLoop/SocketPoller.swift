/// The readiness mechanism under one ``EventLoopThread``: a set of watched sockets, each with a
/// token (the session id) and read interest always on, write interest on demand, plus a wake-up
/// channel other threads can signal.
///
/// Implementations: ``EpollPoller`` (Linux) and ``PollPoller`` (poll(2) and a self-pipe; Linux and
/// Darwin). Everything except ``wake()`` is called on the loop thread only.
protocol SocketPoller: AnyObject {
    /// Which backend this is.
    var backend: MQTTEventLoopBackend { get }

    /// Starts watching `fd` for `token`, readable always and writable when `writable` is true;
    /// replaces an earlier registration of the same descriptor number. Returns false on failure.
    func register(_ fd: Int32, token: UInt64, writable: Bool) -> Bool

    /// Arms or disarms write interest on a registered descriptor.
    func setWriteInterest(_ fd: Int32, token: UInt64, writable: Bool)

    /// Stops watching `fd` for `token`. Called right before or right after the socket is closed,
    /// so an implementation never touches a descriptor number that now belongs to someone else.
    func deregister(_ fd: Int32, token: UInt64)

    /// Blocks until a watched socket is ready, ``wake()`` is called, or `timeoutMilliseconds` pass;
    /// calls `ready` for each ready socket and returns whether the wake-up channel fired (it is
    /// drained before returning, so a wake that arrives later is seen by the next wait).
    func wait(timeoutMilliseconds: Int32, _ ready: (_ token: UInt64, _ events: SocketEvents) -> Void) throws(SocketPollerError) -> Bool

    /// Interrupts a ``wait(timeoutMilliseconds:_:)`` in progress or the next one. Safe from any thread.
    func wake()

    /// Releases the poller's descriptors; the poller is unusable afterwards.
    func close()
}

/// A poller's wait failed for a reason other than an interrupted system call.
struct SocketPollerError: Error {
    /// The `errno` the wait failed with.
    let errno: Int32
}
