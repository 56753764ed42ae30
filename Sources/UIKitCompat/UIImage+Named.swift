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
      let bundle = bundle ?? .main
      let candidates: [(String, String?, CGFloat)] = [
        (name, nil, 1), (name + "@3x", "png", 3), (name + "@2x", "png", 2), (name, "png", 1),
        (name, "jpg", 1), (name, "jpeg", 1),
      ]
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
