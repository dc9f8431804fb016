/// The named sounds of a product, with the ids and files the vendor's client uses
/// (`hatch-rest-api` 1.34.6, `const.py`): `RIoTAudioTrack` on the Rest 2nd gen and Rest+ 2nd gen,
/// `RestMiniAudioTrack` on the Rest Mini, `RestPlusAudioTrack` on the Rest+ and `RestBabyAudioTrack`
/// on the Rest Baby. The Restore family takes its sounds from the vendor's
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
        case .restPlus: return restPlus
        case .restBaby: return restBaby
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

    /// `RestPlusAudioTrack` (no files: the Rest+ plays them from its own memory; 0 is no sound).
    static let restPlus = SoundCatalog(sounds: [
        Sound(id: 2, name: "Stream", url: nil),
        Sound(id: 3, name: "PinkNoise", url: nil),
        Sound(id: 4, name: "Dryer", url: nil),
        Sound(id: 5, name: "Ocean", url: nil),
        Sound(id: 6, name: "Wind", url: nil),
        Sound(id: 7, name: "Rain", url: nil),
        Sound(id: 9, name: "Bird", url: nil),
        Sound(id: 10, name: "Crickets", url: nil),
        Sound(id: 11, name: "Brahms", url: nil),
        Sound(id: 13, name: "Twinkle", url: nil),
        Sound(id: 14, name: "RockABye", url: nil),
    ])

    /// `RestBabyAudioTrack` with the files of `RestBabyAudioTrack.sound_url_map()`.
    static let restBaby = SoundCatalog(sounds: [
        Sound(id: 10518, name: "AirplaneInt", url: assets + "AUDIO_recCkrr6mQRpBPXam/a4ff92e301401c5ec8e053684e1331d9/HatchBaby_AirplaneInt_CGV5_20250714.wav"),
        Sound(id: 10537, name: "AlpineMeadow", url: assets + "AUDIO_rec2NJpjFMlhMhIvu/4910337f15003c16f5c3cc93e3d8da94/HatchBaby_AlpineMeadow_CGV5_20250714.wav"),
        Sound(id: 10523, name: "AnalogNoiseMachine", url: assets + "AUDIO_recga9YJXznNLCUAh/22982f0a74bfe39b2815641a494e98da/HatchBaby_AnalogNoiseMachine_CGV5_20250714.wav"),
        Sound(id: 10545, name: "Birds", url: assets + "AUDIO_reciBEYioHMDU65oZ/a55fd0d5e51014149f1fa74e475835bb/HatchBaby_Birds_CGV5_20250714.wav"),
        Sound(id: 10544, name: "Brahms", url: assets + "AUDIO_recws7PgBFjDaNzZd/bdef8e0da670072516f955a8ff51311d/HatchBaby_Brahms_CGV5_20250714.wav"),
        Sound(id: 10519, name: "Brown", url: assets + "AUDIO_rec8VYXINtRE9nMYf/add454ce06b9cf3f0a651223fb677e39/HatchBaby_Brown_CGV5_20250714.wav"),
        Sound(id: 10538, name: "CampfireCradle", url: assets + "AUDIO_recXklfOv9NjoWE7s/97c4f6ac16aad90417d45bd4cea4ca75/HatchBaby_CampfireCradle_CGV5_20250714.wav"),
        Sound(id: 10546, name: "CampfireLake", url: assets + "AUDIO_recDwpMwEEXynJyz1/e14d3387718bfce7fd8da70cf85c1ebc/HatchBaby_CampfireLake_CGV5_20250714.wav"),
        Sound(id: 10547, name: "CanalBarge", url: assets + "AUDIO_recz925bLZrPfdja7/54b98451cc628a8ca957e90b189ea81e/HatchBaby_CanalBarge_CGV5_20250714.wav"),
        Sound(id: 10531, name: "CaribbeanOcean", url: "https://downloads.ctfassets.net/hlsdh3zwyrtx/AUDIO_recbp6WN1weQK36C8/66b6df7f1af7eb746e45e46adb4d3b5d/HatchBaby_CaribbeanOcean_CGV6_20250714.wav"),
        Sound(id: 10524, name: "CarInt", url: "https://downloads.ctfassets.net/hlsdh3zwyrtx/AUDIO_recPBX29UW4brDzHr/065237eabae1f44c72a065daa78a1bc8/HatchBaby_CarInt_CGV5_20250714.wav"),
        Sound(id: 10522, name: "CatPurr", url: assets + "AUDIO_rec8rqvrZj90hD2qy/0c7e50debf5a197f242d7eeb7069aae3/HatchBaby_CatPurr_CGV5_20250714.wav"),
        Sound(id: 10521, name: "Creek", url: assets + "AUDIO_recpROK8tLCG0Ikkw/70271bdbb0bc70b3d638368aea42de5c/HatchBaby_Creek_CGV5_20250714.wav"),
        Sound(id: 10553, name: "Crickets", url: assets + "AUDIO_recf5D9lGhUnl42vM/07617b5fbc96b4c24680ae7b4c8eb0c1/HatchBaby_Crickets_CGV5_20250714.wav"),
        Sound(id: 10542, name: "Dishwasher", url: assets + "AUDIO_receszo1sNqAP1FXT/cd163efcf36188c2e59b6f3df312502c/HatchBaby_Dishwasher_CGV5_20250714.wav"),
        Sound(id: 10517, name: "Dryer", url: assets + "AUDIO_rec6wvWAx1r7nFRVx/681ae6b36cfb751697c70456cc9808b1/HatchBaby_Dryer_CGV5_20250714.wav"),
        Sound(id: 10535, name: "Fan", url: assets + "AUDIO_recL5WR3QDRvYEdE1/3fbdc5194a4595a941b9a03bc4ce0553/HatchBaby_Fan_CGV5_20250714.wav"),
        Sound(id: 10526, name: "ForestBreeze", url: assets + "AUDIO_recLPQYJwaxSHRha2/a775e84f6167cb49edf1f35fe7ba70d5/HatchBaby_ForestBreeze_CGV5_20250714.wav"),
        Sound(id: 10525, name: "ForestLake", url: "https://downloads.ctfassets.net/hlsdh3zwyrtx/AUDIO_recTEEEtS3RJIb10v/2c962e7b568e8ba76ae4e6a89384bb30/HatchBaby_ForestLake_CGV5_20250714.wav"),
        Sound(id: 10550, name: "Fridge", url: assets + "AUDIO_recPGQ5E7CYKIwu3I/11b0e82736cdedd07f6d4b80857cb5b2/HatchBaby_Fridge_CGV5_20250714.wav"),
        Sound(id: 10533, name: "Green", url: assets + "AUDIO_recyvc2dueYip12gO/c90086e4e15bd0e1ad11b226d266efd1/HatchBaby_Green_CGV5_20250714.wav"),
        Sound(id: 10548, name: "Grey", url: assets + "AUDIO_rec7Lp6WB4yhudhYT/417f78d9bd8f0c2528d4cbcd59c4552d/HatchBaby_Grey_CGV5_20250714.wav"),
        Sound(id: 10543, name: "HatchBlue", url: assets + "AUDIO_recNhkCoim0rUUYLz/363f324ce9cf617fbbffb7a41fdb6a05/HatchBaby_HatchBlue_CGV5_20250714.wav"),
        Sound(id: 10511, name: "Heartbeat", url: assets + "AUDIO_recORwYcow5B8ue49/41cca394bc4639e71977447ad594cfb4/HatchBaby_Heartbeat_CGV6_20250714.wav"),
        Sound(id: 10513, name: "Hush", url: assets + "AUDIO_rec8PeOdDYlZdmIF4/617999a58ad320213b6966ccc72496fd/HatchBaby_Hush_CGV5_20250714.wav"),
        Sound(id: 10532, name: "Indigo", url: assets + "AUDIO_recU2W2gJIHxNu6WC/1ab764128294169660969675f2bcf7dc/HatchBaby_Indigo_CGV5_20250714.wav"),
        Sound(id: 10527, name: "LakeBreeze", url: assets + "AUDIO_rec7cvuPDpS6rWlAu/60c3a8fb792d76b04587770fcda63caf/HatchBaby_LakeBreeze_CGV5_20250714.wav"),
        Sound(id: 10552, name: "LaundryMachine", url: assets + "AUDIO_recIL1Wmr2MTDaOPU/1acc518eb2568f7431c2200291326905/HatchBaby_LaundryMachine_CGV5_20250714.wav"),
        Sound(id: 10514, name: "PinkNoise", url: assets + "AUDIO_recGbtUdgNkGzQF4T/0ccbdad8f7590d782c3d4a7e45d22191/HatchBaby_Pink_CGV5_20250714.wav"),
        Sound(id: 10512, name: "PorchRain", url: assets + "AUDIO_recfxEBI4pt10ssd3/0b6fde7e1ee0463da32ef44a2798c0df/HatchBaby_PorchRain_CGV5_20250714.wav"),
        Sound(id: 10551, name: "PostTrekCampfire", url: assets + "AUDIO_recbW7wwZxUYFZaBg/bbbb9e5d13e69cad1cee6510cbfd1375/HatchBaby_PostTrekCampfire_CGV5_20250714.wav"),
        Sound(id: 10539, name: "RainClassic", url: assets + "AUDIO_rec1st6colyQVEXN1/f00c5b9cf69ea2cd62bd297f27f42b8c/HatchBaby_RainClassic_CGV5_20250714.wav"),
        Sound(id: 10534, name: "Red", url: assets + "AUDIO_recrLDgSCSBOtP9CK/2c9146d599fb569c455be40aced99acd/HatchBaby_Red_CGV6_20250714.wav"),
        Sound(id: 10529, name: "Rockabye", url: assets + "AUDIO_rec0wT4zsWkE7CJlf/31234b78f0571d36b694a74e0adb2c6e/HatchBaby_Rockabye_CGV6_20250714.wav"),
        Sound(id: 10520, name: "TentRain", url: assets + "AUDIO_recTR4UkSCjIxtEub/862c0ab96b89d838c76588e3697cffc9/HatchBaby_TentRain_CGV5_20250714.wav"),
        Sound(id: 10549, name: "Thunderstorm", url: assets + "AUDIO_recEBgqDFoS6FckKM/5899e9a18d54bbfcafbe6e99f5c873f8/HatchBaby_Thunderstorm_CGV5_20250714.wav"),
        Sound(id: 10528, name: "TrainInt", url: assets + "AUDIO_recL19HDFIUe5QiHj/8f85f965871141798a939df541f70751/HatchBaby_TrainInt_CGV5_20250714.wav"),
        Sound(id: 10536, name: "Twinkle", url: assets + "AUDIO_recSQ10W827odb7T4/495d420cae7e720196d606cda3be2422/HatchBaby_Twinkle_CGV5_20250714.wav"),
        Sound(id: 10530, name: "Vacuum", url: assets + "AUDIO_recMKg0YgpHzFfW6Y/7302cd8cf4d8ad3154bf4cf1bd583dd3/HatchBaby_Vacuum_CGV5_20250714.wav"),
        Sound(id: 10540, name: "Water", url: assets + "AUDIO_recm76vEGRZrLWk3z/41f6d321b5140d59e83664d4b93545d4/HatchBaby_Water_CGV5_20250714.wav"),
        Sound(id: 10541, name: "White", url: assets + "AUDIO_recwIPykzbAPeCr98/886268ccd5b2a8d90b085e31f22923f9/HatchBaby_White_CGV5_20250714.wav"),
        Sound(id: 10515, name: "WombSounds", url: assets + "AUDIO_rechQsmhY4mL0BPFQ/56bf31fae71f74ad78edcbfaa1da85bc/HatchBaby_WombSounds_CGV5_20250714.wav"),
    ])
}
