import Foundation

#if !canImport(CoreLocation)
  /// Degrees of latitude or longitude. Mirrors CoreLocation's `CLLocationDegrees`.
  public typealias CLLocationDegrees = Double

  /// A latitude and longitude. Mirrors `CLLocationCoordinate2D`.
  public struct CLLocationCoordinate2D: Sendable, Equatable {
    public var latitude: CLLocationDegrees
    public var longitude: CLLocationDegrees

    public init() {
      latitude = 0
      longitude = 0
    }

    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
      self.latitude = latitude
      self.longitude = longitude
    }
  }

  /// A place and time, for `PHAsset.location` and `PHAssetChangeRequest.location`. Mirrors
  /// CoreLocation's `CLLocation` (coordinate, altitude and timestamp only).
  public final class CLLocation: NSObject, @unchecked Sendable {
    public let coordinate: CLLocationCoordinate2D
    /// Meters above sea level.
    public let altitude: Double
    public let timestamp: Date

    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
      coordinate = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
      altitude = 0
      timestamp = Date()
    }

    public init(
      coordinate: CLLocationCoordinate2D, altitude: Double, horizontalAccuracy: Double,
      verticalAccuracy: Double, timestamp: Date
    ) {
      self.coordinate = coordinate
      self.altitude = altitude
      self.timestamp = timestamp
    }
  }
#endif
