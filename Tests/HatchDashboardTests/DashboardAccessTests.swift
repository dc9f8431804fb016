import HatchDashboard
import Testing

@Suite("Who may use the dashboard")
struct DashboardAccessTests {
    let token = "0123456789abcdef0123"

    @Test("Loopback needs no token; any other address does, and a short one is refused")
    func addresses() throws {
        #expect(try DashboardAccess(host: "127.0.0.1", token: nil).token == nil)
        #expect(try DashboardAccess(host: "::1", token: nil).token == nil)
        #expect(throws: DashboardAccessError.tokenRequired(host: "0.0.0.0")) { try DashboardAccess(host: "0.0.0.0", token: nil) }
        #expect(throws: DashboardAccessError.shortToken(minimum: DashboardAccess.minimumTokenLength)) {
            try DashboardAccess(host: "0.0.0.0", token: "short")
        }
        #expect(try DashboardAccess(host: "0.0.0.0", token: token).host == "0.0.0.0")
    }

    @Test("With a token, a request passes only with it: header, query or cookie")
    func requests() throws {
        let access = try DashboardAccess(host: "0.0.0.0", token: token)
        #expect(!access.allows(authorization: nil, queryToken: nil, cookie: nil))
        #expect(!access.allows(authorization: "Bearer wrong-token-wrong-token", queryToken: token + "x", cookie: "other=\(token)"))
        #expect(access.allows(authorization: "Bearer \(token)", queryToken: nil, cookie: nil))
        #expect(access.allows(authorization: nil, queryToken: token, cookie: nil))
        #expect(access.allows(authorization: nil, queryToken: nil, cookie: "a=b; \(DashboardAccess.cookieName)=\(token)"))
        #expect(try DashboardAccess(host: "127.0.0.1", token: nil).allows(authorization: nil, queryToken: nil, cookie: nil))
    }
}
