/// The named sounds of a product, with the ids and files the vendor's client uses
/// (`hatch-rest-api` 1.34.6, `const.py`): `RIoTAudioTrack` on the Rest 2nd gen and Rest+ 2nd gen,
/// `RestMiniAudioTrack` on the Rest Mini. The Restore family takes its sounds from the vendor's
/// content service per account, so its catalogue is empty and any positive id is played as given.
public struct SoundCatalog: Sendable, Hashable {
    /// One named sound.
    public struct Sound: Sendable, Hashable {
        /// The id on the wire (`current.sound.id`).
        public var id: Int
        /// The vendor client's name for it (`Ocean`, `WhiteNoise`).
        public var name: String
        /// The sound's file, where the vendor's client knows it.
        public var url: String?
    }

    /// The sounds, in the vendor client's order.
    public let sounds: [Sound]

    /// The sound with `id`, if the catalogue names it.
    public func sound(id: Int) -> Sound? { sounds.first { $0.id == id } }

    /// The sound called `name`, ignoring case, spaces, dashes and underscores (`white noise`,
    /// `WhiteNoise`, `white-noise`).
    public func sound(named name: String) -> Sound? {
        let key = Self.normalized(name)
        return sounds.first { Self.normalized($0.name) == key }
    }

    /// The catalogue of `product`.
    public static func of(_ product: HardwareProduct) -> SoundCatalog {
        switch product {
        case .riot, .riotPlus: return riot
        case .restMini: return restMini
        case .restoreIot, .restoreV4, .restoreV5: return SoundCatalog(sounds: [])
        }
    }

    static func normalized(_ text: String) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    private static let assets = "https://assets.ctfassets.net/hlsdh3zwyrtx/"

    /// `RIoTAudioTrack` with the files of `RIoTAudioTrack.sound_url_map()`.
    static let riot = SoundCatalog(sounds: [
        Sound(id: 10200, name: "BrownNoise", url: assets + "Bqk8q7mjFcSa8B1Ovgllp/e9701ae7df057a31b89a4cd2830ef0dc/Brown_Noise_2_20210412.wav"),
        Sound(id: 10137, name: "WhiteNoise", url: assets + "2XkUiUT4vu1E69WMT3bxPo/099169855661de3b439135ad2fbd8098/003_pinknoise16.wav"),
        Sound(id: 10138, name: "Ocean", url: assets + "3R5xnLn3hFpC6LGyDemp2U/15bab94907d16d34aaf5ce3cf5f27624/Crashing_Ocean_Waves_20210412.wav"),
        Sound(id: 10146, name: "Thunderstorm", url: assets + "6orVWuV5mD15gNXHrBMgk4/ec9c0dab057698072870efc72d8d41fa/Thunderstorm_20210412.wav"),
        Sound(id: 10139, name: "Rain", url: assets + "2K1xgB9CuO4tWuIxAOQ9p3/0d70a8f8b39d9f35c775f4e83923228f/Steady_Rain_20210412.wav"),
        Sound(id: 10142, name: "Water", url: assets + "6SZPz15cBTaKWiXEtH2hwh/93f26a88f355bf4ca57f2a24fd6af510/002_waterstreamsmallclose16.wav"),
        Sound(id: 10141, name: "Wind", url: assets + "6PG39YsVGqAE8CXdUZ2LJV/e869572e1a7423c086dfcaedda33a868/006_wind16.wav"),
        Sound(id: 10144, name: "Heartbeat", url: assets + "2DydcI6HZ5KsqtnLWlSoNr/f2e93d60ffa12cf5fb303ed010e5df1d/001_heartbeat.wav"),
        Sound(id: 10198, name: "Vacuum", url: assets + "5mg3e3BtpIn0YaQfOVVNRJ/528e94cfd7232481637fd3ce7c7141f2/Industrial_Vacuum_Cleaner_20191220.wav"),
        Sound(id: 10143, name: "Dryer", url: assets + "4BsUei9xw0Qd1qrLOiPUCg/dc159c335c3fefa5c684b75e155eeed3/004_dryerclothes16.wav"),
        Sound(id: 10145, name: "Fan", url: assets + "ndDbe0uTgVEiTBukiSIVP/14aede254b6bbfcff108c18b76d75f6a/FanNoise_20191122.wav"),
        Sound(id: 10082, name: "ForestLake", url: "https://downloads.ctfassets.net/hlsdh3zwyrtx/2WgzZNttwX5RK4twPtMCsS/64de4333300711282b42046020fc3aa0/Forest_Lake_20191220.wav"),
        Sound(id: 10056, name: "CalmSea", url: assets + "1LelwPIVm5YZle7WP42u2X/b26f1d8a35b4c083a0bb65c9e323b7a7/Calm_Sea_20191220.wav"),
        Sound(id: 10148, name: "Crickets", url: assets + "5X1S7xtEHyZab67wRbsEda/92f8bc6c927a384bd2262ebc6999465a/010_crickets16.wav"),
        Sound(id: 10195, name: "CampfireLake", url: assets + "6Gb9MNlL9VcMcUmo4jzCSv/c457b63210359467e729fe7c1d624edd/Campfire_Lake_2_20210412.wav"),
        Sound(id: 10140, name: "Birds", url: assets + "7zIxpw8gUhJQeI7fLaxNpz/0da0956663ac277e30886b256b1ade08/Morning_Birds_20210412.wav"),
        Sound(id: 10192, name: "Brahms", url: assets + "2XXRwK0Xqw1KLBr28RIkSe/ee6af976c9980823389134eeded7f07b/011_brahms16.wav"),
        Sound(id: 10193, name: "Twinkle", url: assets + "69qMR6Wp2hPD7gk7hSfRl5/25af4cefe997d5ba4070e71ae21e7eb3/013_twinkle16.wav"),
        Sound(id: 10194, name: "RockABye", url: assets + "7lY2LJerpBhO7vravoQ14J/debcf202883c61eaa384ee826dec4026/014_rockabye16.wav"),
    ])

    /// `RestMiniAudioTrack` (no files: the Rest Mini plays them from its own memory).
    static let restMini = SoundCatalog(sounds: [
        Sound(id: 10124, name: "Heartbeat", url: nil),
        Sound(id: 10125, name: "Water", url: nil),
        Sound(id: 10126, name: "WhiteNoise", url: nil),
        Sound(id: 10127, name: "Dryer", url: nil),
        Sound(id: 10128, name: "Ocean", url: nil),
        Sound(id: 10129, name: "Wind", url: nil),
        Sound(id: 10130, name: "Rain", url: nil),
        Sound(id: 10131, name: "Birds", url: nil),
    ])
}
