import Foundation
import ImageDecoding
import PhotoKitCompat
import TestSupport
import Testing

/// UIKitCompat's stand-ins with behaviour: `CGImage` over a `UIImage`'s pixels, drawing into
/// `UIGraphicsImageRenderer` and image contexts, named images for a trait collection, the view
/// controller's view, layout, navigation and traits, and alert text fields. None needs the
/// PhotoKit device, so the suite runs beside the serialized one.
@Suite struct UIKitStandInTests {
  /// A `width`×`height` image of one colour.
  static func solid(_ rgba: [UInt8], width: Int, height: Int, scale: CGFloat = 1) -> UIImage {
    UIImage(
      pixels: PixelImage(
        width: width, height: height,
        pixels: Array([[UInt8]](repeating: rgba, count: width * height).joined())),
      scale: scale)
  }

  /// A format at scale 1, transparent.
  static var unitFormat: UIGraphicsImageRendererFormat {
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    return format
  }

  // MARK: CGImage

  @Test func cgImageDescribesTheStoredPixels() throws {
    var pixels = PixelImage(width: 3, height: 2)
    for index in 0..<6 {
      pixels.pixels.replaceSubrange(index * 4..<index * 4 + 4, with: [UInt8(index), 10, 20, 255])
    }
    let image = UIImage(pixels: pixels, scale: 2, orientation: .right)
    let cgImage = try #require(image.cgImage)
    #expect(cgImage.width == 3 && cgImage.height == 2)
    #expect(cgImage.bitsPerComponent == 8 && cgImage.bitsPerPixel == 32)
    #expect(cgImage.bytesPerRow == 12)
    #expect(cgImage.alphaInfo == .last)
    let data = try #require(cgImage.dataProvider?.data)
    #expect(data.count == cgImage.height * cgImage.bytesPerRow)
    #expect([UInt8](data) == pixels.pixels)
    // The orientation stays with the UIImage, as UIKit's cgImage is the stored bitmap.
    let back = UIImage(cgImage: cgImage, scale: image.scale, orientation: image.imageOrientation)
    #expect(back.size == image.size && back.pixelImage == image.pixelImage)
    let cropped = try #require(cgImage.cropping(to: CGRect(x: 1, y: 1, width: 5, height: 5)))
    #expect(cropped.width == 2 && cropped.height == 1)
    #expect([UInt8](try #require(cropped.dataProvider?.data)) == [4, 10, 20, 255, 5, 10, 20, 255])
    #expect(cgImage.cropping(to: CGRect(x: 10, y: 10, width: 2, height: 2)) == nil)
  }

  @Test func anEmptyImageHasNoSizeAndNoCGImage() {
    let image = UIImage()
    #expect(image.size == .zero)
    #expect(image.cgImage == nil)
    #expect(image.pngData() == nil)
  }

  // MARK: Drawing

  @Test func drawInRectCompositesWhereDrawnAndNowhereElse() {
    let red = Self.solid([255, 0, 0, 255], width: 2, height: 2)
    let renderer = UIGraphicsImageRenderer(
      size: CGSize(width: 4, height: 3), format: Self.unitFormat)
    let result = renderer.image { _ in red.draw(in: CGRect(x: 2, y: 1, width: 2, height: 2)) }
    #expect(result.size == CGSize(width: 4, height: 3) && result.scale == 1)
    for y in 0..<3 {
      for x in 0..<4 {
        let inside = x >= 2 && y >= 1
        #expect(
          result.pixel(x: x, y: y) == (inside ? (255, 0, 0, 255) : (0, 0, 0, 0)), "at \(x),\(y)")
      }
    }
  }

  @Test func theDefaultRendererDrawsAtTheScreenScale() throws {
    let blue = Self.solid([0, 0, 255, 255], width: 1, height: 1)
    let result = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 1)).image { _ in
      blue.draw(at: CGPoint(x: 1, y: 0))
    }
    #expect(result.scale == 3 && result.size == CGSize(width: 2, height: 1))
    let cgImage = try #require(result.cgImage)
    #expect(cgImage.width == 6 && cgImage.height == 3)
    #expect(result.pixel(x: 2, y: 1) == (0, 0, 0, 0))
    #expect(result.pixel(x: 3, y: 1) == (0, 0, 255, 255))
    #expect(result.pixel(x: 5, y: 2) == (0, 0, 255, 255))
  }

  @Test func translucentPixelsBlendSourceOver() {
    let blue = Self.solid([0, 0, 255, 255], width: 1, height: 1)
    let halfRed = Self.solid([255, 0, 0, 128], width: 1, height: 1)
    let rect = CGRect(x: 0, y: 0, width: 1, height: 1)
    let renderer = UIGraphicsImageRenderer(size: rect.size, format: Self.unitFormat)
    let result = renderer.image { context in
      blue.draw(in: rect)
      #expect(context.currentImage.pixel(x: 0, y: 0) == (0, 0, 255, 255))
      halfRed.draw(in: rect)
    }
    #expect(result.pixel(x: 0, y: 0) == (128, 0, 127, 255))
    // Over nothing, the colour keeps its own alpha.
    let alone = renderer.image { _ in halfRed.draw(in: rect) }
    #expect(alone.pixel(x: 0, y: 0) == (255, 0, 0, 128))
  }

  @Test func drawingSmallerAveragesTheCoveredPixels() {
    // Black and white columns fitted into one pixel: grey.
    let stripes = UIImage(
      pixels: PixelImage(width: 2, height: 1, pixels: [0, 0, 0, 255, 255, 255, 255, 255]))
    let result = UIGraphicsImageRenderer(size: CGSize(width: 1, height: 1), format: Self.unitFormat)
      .image { _ in stripes.draw(in: CGRect(x: 0, y: 0, width: 1, height: 1)) }
    #expect(result.pixel(x: 0, y: 0) == (128, 128, 128, 255))
  }

  @Test func drawingAppliesTheOrientation() {
    // 2×1 stored: blue then red; shown rotated clockwise (`.right`), blue ends on top.
    let stored = PixelImage(width: 2, height: 1, pixels: [0, 0, 255, 255, 255, 0, 0, 255])
    let image = UIImage(pixels: stored, scale: 1, orientation: .right)
    let result = UIGraphicsImageRenderer(size: image.size, format: Self.unitFormat).image { _ in
      image.draw(at: .zero)
    }
    #expect(result.size == CGSize(width: 1, height: 2))
    #expect(result.pixel(x: 0, y: 0) == (0, 0, 255, 255))
    #expect(result.pixel(x: 0, y: 1) == (255, 0, 0, 255))
  }

  @Test func imageContextsDrawUntilEndedAndNothingDrawsWithoutOne() throws {
    let green = Self.solid([0, 255, 0, 255], width: 4, height: 4)
    green.draw(in: CGRect(x: 0, y: 0, width: 1, height: 1))
    #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
    UIGraphicsBeginImageContextWithOptions(CGSize(width: 2, height: 2), true, 1)
    green.draw(in: CGRect(x: 0, y: 0, width: 1, height: 2))
    let drawn = UIGraphicsGetImageFromCurrentImageContext()
    UIGraphicsEndImageContext()
    #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
    // Opaque: what was not drawn is black.
    let image = try #require(drawn)
    #expect(image.pixel(x: 0, y: 1) == (0, 255, 0, 255))
    #expect(image.pixel(x: 1, y: 1) == (0, 0, 0, 255))
  }

  @Test func rendererDataIsTheDrawnImageEncoded() throws {
    let red = Self.solid([255, 0, 0, 255], width: 1, height: 1)
    let renderer = UIGraphicsImageRenderer(
      size: CGSize(width: 2, height: 2), format: Self.unitFormat)
    let png = renderer.pngData { _ in red.draw(in: CGRect(x: 0, y: 0, width: 2, height: 2)) }
    let decoded = try #require(UIImage(data: png))
    #expect(decoded.size == CGSize(width: 2, height: 2))
    #expect(decoded.pixel(x: 1, y: 1) == (255, 0, 0, 255))
  }

  // MARK: Named images

  @Test func namedImagesPreferTheTraitsDisplayScale() throws {
    let folder = try TestPaths.makeTemporaryDirectory("named-traits")
    let cat = TestPaths.sampleImages.appendingPathComponent("chelsea-the-cat.png")
    for name in ["cat@2x.png", "cat@3x.png"] {
      try FileManager.default.copyItem(at: cat, to: folder.appendingPathComponent(name))
    }
    let bundle = try #require(Bundle(path: folder.path))
    let two = UITraitCollection(displayScale: 2)
    #expect(UIImage(named: "cat", in: bundle, compatibleWith: two)?.scale == 2)
    #expect(UIImage(named: "cat", in: bundle, compatibleWith: nil)?.scale == 3)
    #expect(UIImage(named: "dog", in: bundle, compatibleWith: two) == nil)
  }

  // MARK: View controllers

  final class Screen: UIViewController, @unchecked Sendable {
    var events: [String] = []
    var previousStyles: [UIUserInterfaceStyle] = []
    override func viewDidLoad() { events.append("didLoad \(view.bounds.width)") }
    override func viewWillLayoutSubviews() { events.append("willLayout") }
    override func viewDidLayoutSubviews() { events.append("didLayout") }
    override func viewWillAppear(_ animated: Bool) { events.append("willAppear") }
    override func viewDidAppear(_ animated: Bool) { events.append("didAppear") }
    override func viewWillDisappear(_ animated: Bool) { events.append("willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { events.append("didDisappear") }
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
      previousStyles.append(previousTraitCollection?.userInterfaceStyle ?? .unspecified)
    }
  }

  @Test func theViewLoadsOnFirstUseAndLaysOutThroughTheController() {
    let screen = Screen()
    #expect(screen.viewIfLoaded == nil && screen.events.isEmpty)
    #expect(screen.view.bounds == UIScreen.main.bounds)
    #expect(screen.events == ["didLoad 393.0"])
    screen.view.layoutIfNeeded()
    screen.view.layoutIfNeeded()
    #expect(screen.events == ["didLoad 393.0", "willLayout", "didLayout"])
    screen.view.frame.size = CGSize(width: 852, height: 393)
    screen.view.layoutIfNeeded()
    #expect(screen.events.suffix(2) == ["willLayout", "didLayout"] && screen.events.count == 5)
    let label = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    label.tag = 7
    screen.view.addSubview(label)
    #expect(screen.view.viewWithTag(7) === label && label.superview === screen.view)
    label.removeFromSuperview()
    #expect(screen.view.subviews.isEmpty)
  }

  @Test func navigationPushesAndPopsWithAppearanceCalls() {
    let root = Screen()
    let detail = Screen()
    let navigation = UINavigationController(rootViewController: root)
    #expect(root.navigationController === navigation)
    navigation.pushViewController(detail, animated: true)
    #expect(detail.navigationController === navigation)
    #expect(navigation.topViewController === detail && navigation.viewControllers.count == 2)
    #expect(detail.events.prefix(3) == ["didLoad 393.0", "willAppear", "didAppear"])
    #expect(navigation.popViewController(animated: true) === detail)
    #expect(detail.navigationController == nil)
    #expect(detail.events.suffix(2) == ["willDisappear", "didDisappear"])
    #expect(root.events.suffix(2) == ["willAppear", "didAppear"])
    #expect(navigation.popViewController(animated: true) == nil)
    #expect(Screen().navigationController == nil)
  }

  @Test func traitChangesReachTheControllerAndItsChildren() {
    let parent = Screen()
    let child = Screen()
    parent.addChild(child)
    #expect(parent.traitCollection.displayScale == 3)
    #expect(parent.traitCollection.userInterfaceStyle == .light)
    parent.setTraitCollection(
      UITraitCollection(traitsFrom: [.current, .init(userInterfaceStyle: .dark)]))
    #expect(child.traitCollection.userInterfaceStyle == .dark)
    #expect(parent.previousStyles == [.light] && child.previousStyles == [.light])
    parent.setTraitCollection(parent.traitCollection)
    #expect(parent.previousStyles == [.light])
    #expect(
      parent.traitCollection.hasDifferentColorAppearance(comparedTo: UITraitCollection.current))
  }

  // MARK: Alerts

  @Test func alertTextFieldsAreConfiguredAndReadByTheActions() {
    let alert = UIAlertController(title: "New Album", message: nil, preferredStyle: .alert)
    #expect(alert.textFields == nil)
    var created: [String] = []
    alert.addTextField { field in field.placeholder = "Title" }
    alert.addAction(
      UIAlertAction(title: "Save", style: .default) { [unowned alert] _ in
        created.append(alert.textFields?.first?.text ?? "")
      })
    #expect(alert.textFields?.first?.placeholder == "Title")
    alert.textFields?.first?.text = "Trips"
    alert.action(titled: "Save")?.tap()
    #expect(created == ["Trips"])
  }
}

extension UIKitStandInTests {
  @Test func nonsenseRendererSizesStayBounded() throws {
    let format = Self.unitFormat
    let empty = UIGraphicsImageRenderer(
      size: CGSize(width: -5, height: CGFloat.nan), format: format
    )
    .image { _ in }
    #expect(empty.cgImage == nil)
    let huge = UIGraphicsImageRenderer(size: CGSize(width: 1e9, height: 1), format: format)
      .image { _ in }
    #expect(try #require(huge.cgImage).width == 8192)
  }
}
