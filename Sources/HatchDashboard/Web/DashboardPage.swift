/// The page's assets, compiled in from the files in `Web/Assets` by the EmbedDashboardAssets build
/// plugin: the dashboard needs no network and no files at run time. The markup's test contract is
/// documented in the module's "Test contract" article.
enum DashboardPage {
    /// The page: a header with the fleet's totals, search and (beside a simulated fleet) the clock;
    /// the virtualised card grid; the message log.
    static let html = DashboardAssets.dashboardHtml

    /// The page's style. Cards have a fixed size, which the virtualised grid relies on.
    static let style = DashboardAssets.dashboardCss

    /// The page's script: the pure helpers (the grid's arithmetic, the batch merge, the shadow's and
    /// the log's JSON, the timelines' geometry), then the page, its device panel and its saved commands.
    static let script = [
        DashboardAssets.gridJs, DashboardAssets.batchJs, DashboardAssets.shadowviewJs, DashboardAssets.logviewJs, DashboardAssets.timelineJs,
        DashboardAssets.dashboardJs, DashboardAssets.panelJs, DashboardAssets.commandsJs,
    ].joined(separator: "\n")
}
