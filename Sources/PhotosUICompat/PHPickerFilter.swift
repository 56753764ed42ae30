#if !canImport(Darwin)  // not canImport(PhotosUI): PhotoGate's own PhotosUI module would answer yes
  import PhotoKitCompat

  /// Which assets the system picker offers. Mirrors `PHPickerFilter`, composition included
  /// (`any(of:)`, `all(of:)`, `not(_:)`).
  ///
  /// Images include Live Photos, as on iOS; slow-motion and time-lapse videos are told by
  /// the movie's frame rates. Kinds the folder library cannot tell (screenshots, panoramas,
  /// depth-effect photos, bursts, cinematic and spatial media) match nothing.
  public struct PHPickerFilter: Sendable, Equatable, Hashable {
    indirect enum Rule: Sendable, Equatable, Hashable {
      case kind(PickerItem.Kind)
      case playbackStyle(Int)
      case unknowable
      case any([Rule])
      case all([Rule])
      case not(Rule)
    }

    let rule: Rule

    public static let images = PHPickerFilter(rule: .kind(.image))
    public static let videos = PHPickerFilter(rule: .kind(.video))
    public static let livePhotos = PHPickerFilter(rule: .kind(.livePhoto))
    public static let slomoVideos = PHPickerFilter(rule: .kind(.slomoVideo))
    public static let timelapseVideos = PHPickerFilter(rule: .kind(.timelapseVideo))
    /// Matches nothing: the folder library cannot tell a screenshot.
    public static let screenshots = PHPickerFilter(rule: .unknowable)
    /// Matches nothing: the folder library cannot tell a panorama.
    public static let panoramas = PHPickerFilter(rule: .unknowable)
    /// Matches nothing: the folder library cannot tell a depth-effect photo.
    public static let depthEffectPhotos = PHPickerFilter(rule: .unknowable)
    /// Matches nothing: the folder library keeps no bursts.
    public static let bursts = PHPickerFilter(rule: .unknowable)
    /// Matches nothing: the folder library cannot tell a cinematic video.
    public static let cinematicVideos = PHPickerFilter(rule: .unknowable)

    /// Assets matching any of `subfilters`.
    /// Screen recordings: match nothing, the folder library cannot tell them.
    public static let screenRecordings = PHPickerFilter(rule: .unknowable)
    /// Spatial photos and videos: match nothing, the folder library cannot tell them.
    public static let spatialMedia = PHPickerFilter(rule: .unknowable)

    /// The assets that play as `playbackStyle` (a movie `.video`, a Live Photo `.livePhoto`, an
    /// animation `.imageAnimated`, another photo `.image`; nothing loops). Mirrors
    /// `playbackStyle(_:)`.
    public static func playbackStyle(_ playbackStyle: PHAsset.PlaybackStyle) -> PHPickerFilter {
      PHPickerFilter(rule: .playbackStyle(playbackStyle.rawValue))
    }

    public static func any(of subfilters: [PHPickerFilter]) -> PHPickerFilter {
      PHPickerFilter(rule: .any(subfilters.map(\.rule)))
    }

    /// Assets matching all of `subfilters`.
    public static func all(of subfilters: [PHPickerFilter]) -> PHPickerFilter {
      PHPickerFilter(rule: .all(subfilters.map(\.rule)))
    }

    /// Assets not matching `filter`.
    public static func not(_ filter: PHPickerFilter) -> PHPickerFilter {
      PHPickerFilter(rule: .not(filter.rule))
    }

    /// Whether `item` is offered under this filter.
    func matches(_ item: PickerItem) -> Bool { Self.matches(rule, item) }

    private static func matches(_ rule: Rule, _ item: PickerItem) -> Bool {
      switch rule {
      case .kind(let kind): item.kinds.contains(kind)
      case .playbackStyle(let style): item.playbackStyle == style
      case .unknowable: false
      case .any(let rules): rules.contains { matches($0, item) }
      case .all(let rules): rules.allSatisfy { matches($0, item) }
      case .not(let rule): !matches(rule, item)
      }
    }
  }
#endif
