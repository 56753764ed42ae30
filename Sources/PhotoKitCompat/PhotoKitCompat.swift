/// PhotoKit's names and signatures (`PHPhotoLibrary`, `PHAsset`, …) over `PhotoLibrary`, so
/// code written against Photos compiles on Linux. Built in issue 6.
public enum PhotoKitCompat {}
