import Foundation
import HatchDeviceModel
import Testing

@Suite("Replies matched to requests by clientToken")
struct ClientTokenRepliesTests {
    @Test("a reply sent during the wait reaches the waiter of its token only")
    func replyReachesItsWaiter() async {
        let replies = ClientTokenReplies<String>()
        replies.expect("a")
        let reply = await replies.wait(for: "a", timeout: .seconds(30)) {
            replies.resolve("b", with: "for b")
            replies.resolve("a", with: "for a")
        }
        #expect(reply == "for a")
    }

    @Test("a reply that arrives before the wait is kept while its token is expected, dropped once forgotten")
    func earlyReplies() async {
        let replies = ClientTokenReplies<String>()
        replies.expect("early")
        replies.resolve("early", with: "kept")
        replies.resolve("unexpected", with: "dropped")
        #expect(await replies.wait(for: "early", timeout: .seconds(30)) == "kept")
        #expect(await replies.wait(for: "unexpected", timeout: .milliseconds(20)) == nil)

        replies.resolve("early", with: "again")
        replies.forget("early")
        #expect(await replies.wait(for: "early", timeout: .milliseconds(20)) == nil)
    }

    @Test("no reply: the wait ends at its timeout with nil")
    func timeout() async {
        let replies = ClientTokenReplies<Int>()
        replies.expect("silent")
        let started = ContinuousClock.now
        #expect(await replies.wait(for: "silent", timeout: .milliseconds(50)) == nil)
        #expect(started.duration(to: .now) >= .milliseconds(50))
    }

    @Test("cancelling the waiting task ends the wait with nil long before its timeout")
    func cancellation() async {
        let replies = ClientTokenReplies<Int>()
        replies.expect("cancelled")
        let waiting = Task { await replies.wait(for: "cancelled", timeout: .seconds(600)) }
        waiting.cancel()
        #expect(await waiting.value == nil)
    }

    @Test("a reply message names its outcome and token; other topics and non-JSON are not replies")
    func shadowReplies() throws {
        let body = Data(#"{"clientToken":"t-1","state":{}}"#.utf8)
        let accepted = try #require(ShadowReply(topic: "$aws/things/x/shadow/update/accepted", payload: body))
        #expect(accepted.accepted && accepted.clientToken == "t-1")
        let rejected = try #require(ShadowReply(topic: "$aws/things/x/shadow/get/rejected", payload: body))
        #expect(!rejected.accepted)
        #expect(ShadowReply(topic: "$aws/things/x/shadow/update/delta", payload: body) == nil)
        #expect(ShadowReply(topic: "$aws/things/x/shadow/update/accepted", payload: Data("not json".utf8)) == nil)
    }
}
