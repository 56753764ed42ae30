import Foundation

#if !canImport(UIKit)
  /// Mirrors `UIUserInterfaceStyle`, raw values included.
  public enum UIUserInterfaceStyle: Int, Sendable, Equatable {
    case unspecified = 0
    case light = 1
    case dark = 2
  }

  /// Mirrors `UIUserInterfaceSizeClass`, raw values included.
  public enum UIUserInterfaceSizeClass: Int, Sendable, Equatable {
    case unspecified = 0
    case compact = 1
    case regular = 2
  }

  /// A stand-in for UIKit's `UITraitCollection`: the display scale, appearance and size
  /// classes a view controller is shown with. The device's (`current`) is an iPhone's in
  /// portrait: scale 3, light, compact width, regular height.
  public final class UITraitCollection: NSObject, @unchecked Sendable {
    public let displayScale: CGFloat
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    public let verticalSizeClass: UIUserInterfaceSizeClass

    /// Every trait unspecified (scale 0).
    public override convenience init() {
      self.init(
        displayScale: 0, userInterfaceStyle: .unspecified, horizontalSizeClass: .unspecified,
        verticalSizeClass: .unspecified)
    }

    private init(
      displayScale: CGFloat, userInterfaceStyle: UIUserInterfaceStyle,
      horizontalSizeClass: UIUserInterfaceSizeClass, verticalSizeClass: UIUserInterfaceSizeClass
    ) {
      self.displayScale = displayScale
      self.userInterfaceStyle = userInterfaceStyle
      self.horizontalSizeClass = horizontalSizeClass
      self.verticalSizeClass = verticalSizeClass
      super.init()
    }

    /// Only the display scale. Mirrors `init(displayScale:)`.
    public convenience init(displayScale scale: CGFloat) {
      self.init(
        displayScale: scale, userInterfaceStyle: .unspecified, horizontalSizeClass: .unspecified,
        verticalSizeClass: .unspecified)
    }

    /// Only the appearance. Mirrors `init(userInterfaceStyle:)`.
    public convenience init(userInterfaceStyle style: UIUserInterfaceStyle) {
      self.init(
        displayScale: 0, userInterfaceStyle: style, horizontalSizeClass: .unspecified,
        verticalSizeClass: .unspecified)
    }

    /// Only the horizontal size class. Mirrors `init(horizontalSizeClass:)`.
    public convenience init(horizontalSizeClass sizeClass: UIUserInterfaceSizeClass) {
      self.init(
        displayScale: 0, userInterfaceStyle: .unspecified, horizontalSizeClass: sizeClass,
        verticalSizeClass: .unspecified)
    }

    /// Only the vertical size class. Mirrors `init(verticalSizeClass:)`.
    public convenience init(verticalSizeClass sizeClass: UIUserInterfaceSizeClass) {
      self.init(
        displayScale: 0, userInterfaceStyle: .unspecified, horizontalSizeClass: .unspecified,
        verticalSizeClass: sizeClass)
    }

    /// The traits of every collection, later ones winning where they specify a trait. Mirrors
    /// `init(traitsFrom:)`.
    public convenience init(traitsFrom traitCollections: [UITraitCollection]) {
      var scale: CGFloat = 0
      var style = UIUserInterfaceStyle.unspecified
      var horizontal = UIUserInterfaceSizeClass.unspecified
      var vertical = UIUserInterfaceSizeClass.unspecified
      for traits in traitCollections {
        if traits.displayScale != 0 { scale = traits.displayScale }
        if traits.userInterfaceStyle != .unspecified { style = traits.userInterfaceStyle }
        if traits.horizontalSizeClass != .unspecified { horizontal = traits.horizontalSizeClass }
        if traits.verticalSizeClass != .unspecified { vertical = traits.verticalSizeClass }
      }
      self.init(
        displayScale: scale, userInterfaceStyle: style, horizontalSizeClass: horizontal,
        verticalSizeClass: vertical)
    }

    /// The device's traits: an iPhone in portrait (scale 3, light, compact × regular).
    public static var current: UITraitCollection {
      UITraitCollection(
        displayScale: UIScreen.main.scale, userInterfaceStyle: .light,
        horizontalSizeClass: .compact, verticalSizeClass: .regular)
    }

    /// Whether colours would resolve differently (the appearance differs). Mirrors
    /// `hasDifferentColorAppearance(comparedTo:)`.
    public func hasDifferentColorAppearance(comparedTo traitCollection: UITraitCollection?)
      -> Bool
    {
      userInterfaceStyle != (traitCollection?.userInterfaceStyle ?? .unspecified)
    }

    /// Whether this collection has every trait `trait` specifies, with the same value. Mirrors
    /// `containsTraits(in:)`.
    public func containsTraits(in trait: UITraitCollection?) -> Bool {
      guard let trait else { return true }
      return (trait.displayScale == 0 || trait.displayScale == displayScale)
        && (trait.userInterfaceStyle == .unspecified
          || trait.userInterfaceStyle == userInterfaceStyle)
        && (trait.horizontalSizeClass == .unspecified
          || trait.horizontalSizeClass == horizontalSizeClass)
        && (trait.verticalSizeClass == .unspecified
          || trait.verticalSizeClass == verticalSizeClass)
    }

    public override func isEqual(_ object: Any?) -> Bool {
      guard let other = object as? UITraitCollection else { return false }
      return other.displayScale == displayScale && other.userInterfaceStyle == userInterfaceStyle
        && other.horizontalSizeClass == horizontalSizeClass
        && other.verticalSizeClass == verticalSizeClass
    }

    public override var hash: Int { userInterfaceStyle.rawValue &* 31 &+ Int(displayScale) }
  }
#endif
