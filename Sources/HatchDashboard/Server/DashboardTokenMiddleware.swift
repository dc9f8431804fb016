import Hummingbird

/// Refuses, with 401, every request that ``DashboardAccess`` does not allow: pages, assets, the
/// control API and the live stream alike.
struct DashboardTokenMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let access: DashboardAccess

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let allowed = access.allows(authorization: request.headers[.authorization],
                                    queryToken: request.uri.queryParameters["token"].map(String.init),
                                    cookie: request.headers[.cookie])
        guard allowed else {
            return Response(status: .unauthorized, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: "This dashboard needs its token: open it as /?token=… (the --dashboard-token it was started with).\n")))
        }
        return try await next(request, context)
    }
}
