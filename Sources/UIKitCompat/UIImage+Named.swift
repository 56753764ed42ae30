import Foundation

#if !canImport(UIKit)
  extension UIImage {
    /// The image file `name` in the main bundle's resources (`name`, `name@3x.png`,
    /// `name@2x.png`, `name.png`, `name.jpg`, first found; `@2x`/`@3x` set the scale). Mirrors
    /// `UIImage(named:)`; there are no asset catalogs.
    public convenience init?(named name: String) {
      self.init(named: name, in: nil)
    }

    /// `init?(named:)` in `bundle` (the main bundle when nil).
    public convenience init?(named name: String, in bundle: Bundle?) {
      self.init(named: name, in: bundle, compatibleWith: nil)
    }

    /// `init?(named:in:)` for `traitCollection`: its display scale's variant (`@2x` for 2)
    /// is looked for first, then the others as `init?(named:)` orders them. Mirrors
    /// `UIImage(named:in:compatibleWith:)`.
    public convenience init?(
      named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?
    ) {
      let bundle = bundle ?? .main
      var candidates: [(String, String?, CGFloat)] = [
        (name, nil, 1), (name + "@3x", "png", 3), (name + "@2x", "png", 2), (name, "png", 1),
        (name, "jpg", 1), (name, "jpeg", 1),
      ]
      if let scale = traitCollection?.displayScale, scale > 0,
        let preferred = candidates.firstIndex(where: { $0.2 == scale && $0.1 != nil })
      {
        candidates.insert(candidates.remove(at: preferred), at: 1)
      }
      for (resource, ext, scale) in candidates {
        guard let url = bundle.url(forResource: resource, withExtension: ext),
          let data = try? Data(contentsOf: url)
        else { continue }
        self.init(data: data, scale: scale)
        return
      }
      return nil
    }

    /// Always nil: SF Symbols do not exist off Apple platforms. Mirrors
    /// `UIImage(systemName:)`, so that code with a fallback compiles.
    public convenience init?(systemName name: String) {
      return nil
    }
  }
#endif
