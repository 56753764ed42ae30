import PhotoKitCompat
import SeedExamples
import Testing

@Suite struct PhotoKitCompatSmokeTests {
  @Test func modulesLink() {
    #expect(String(describing: SeedExamples.self) == "SeedExamples")
  }
}
