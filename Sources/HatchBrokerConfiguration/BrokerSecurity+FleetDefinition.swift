import HatchDeviceSimulator

extension BrokerSecurity {
    /// A generator for the devices of `definition`, each logging in as its thing name.
    package init(definition: FleetDefinition, settings: Settings) {
        self.init(fleet: definition.name, devices: Self.devices(of: definition), settings: settings)
    }

    /// The devices of `definition` as broker logins.
    package static func devices(of definition: FleetDefinition) -> [BrokerDevice] {
        definition.devices.map { spec in
            BrokerDevice(name: spec.profile.name, macAddress: spec.profile.macAddress.description,
                         product: spec.profile.product.rawValue, thing: spec.profile.thingName)
        }
    }
}

extension BrokerAccessControlList.DeviceAccess {
    /// What the ACL lets devices do when `mode` answers their shadow requests.
    package init(_ mode: ShadowServiceMode) {
        switch mode {
        case .internal: self = .ownTopics
        case .external: self = .firmwareTopics
        }
    }
}
