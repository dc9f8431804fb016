// The README's container example; the README shows the lines between the markers, and
// ReadmeExampleTests (in HatchMQTTTests) holds the two the same.
// README begin
import HatchModularDependencyContainer

struct GreetingClient: Sendable { var greeting: @Sendable () -> String }

@DependencyRequirements([Requirement(GreetingClient.self)])
struct WakeScreenDependencies: DependencyRequirements {}

enum BedsideApp {}

func makeWakeScreen() throws -> WakeScreenDependencies {
    let builder = DependencyBuilder<BedsideApp>()
    try builder.registerSingleton(GreetingClient.self) { _ in GreetingClient { "Good morning" } }
    return builder.freeze().buildChild(WakeScreenDependencies.self)
}
// try makeWakeScreen().greetingClient.greeting() == "Good morning"
// README end

import Testing

@Suite struct ReadmeContainerExampleTests {
    @Test func theWakeScreenResolvesItsGreeting() throws {
        #expect(try makeWakeScreen().greetingClient.greeting() == "Good morning")
    }
}
