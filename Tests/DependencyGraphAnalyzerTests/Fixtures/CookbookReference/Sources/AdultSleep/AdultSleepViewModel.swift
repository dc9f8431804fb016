import Observation

@MainActor @Observable
final class AdultSleepViewModel {
    private let sleepClient: SleepClient
    private let sessionIdentifier: SleepSessionIdentifier

    convenience init(dependencies: AdultSleepDependencies, navigationClient: NavigationClient<AdultSleepDestination>) {
        self.init(sleepClient: dependencies.sleepClient, sessionIdentifier: SleepSessionIdentifier(rawValue: "tonight"))
    }

    init(sleepClient: SleepClient, sessionIdentifier: SleepSessionIdentifier) {
        self.sleepClient = sleepClient
        self.sessionIdentifier = sessionIdentifier
    }
}
