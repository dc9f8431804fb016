import HatchFleetService

/// A command's ``BrokerIdentity`` as a type, so that ``BrokerOptions`` can word its `--broker` and
/// `--credentials` help for it (an option's help is fixed when the options are declared).
protocol BrokerLogin {
    /// The identity the command logs in as.
    static var identity: BrokerIdentity { get }
}

/// Commands that act as `hatchctl`'s controller user: the device, fleet and status commands.
enum ControllerLogin: BrokerLogin {
    static var identity: BrokerIdentity { .controller }
}

/// Commands that act as the fleet's service identity: `hatchctl shadow-service`.
enum FleetServiceLogin: BrokerLogin {
    static var identity: BrokerIdentity { .fleetService }
}
