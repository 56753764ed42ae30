// swift-tools-version: 6.0
// The package of docs/snapshot-testing-guide.md and docs/photokit-compat-guide.md, set up as
// they say, next to a checkout folder named PhotoGate. scripts/build-guide-packages builds it.

import PackageDescription

let package = Package(
  name: "MyApp",
  dependencies: [
    // A local dependency is known by its folder's name: this checkout's folder is "PhotoGate".
    // From the repository instead: .package(url: "https://github.com/…/PhotoGate", branch: "main")
    .package(path: "../PhotoGate"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
  ],
  targets: [
    // The app's PhotoKit code: Photos on iOS, PhotoKitCompat on Linux.
    .target(
      name: "MyAppPhotoCode",
      dependencies: [.product(name: "PhotoKitCompat", package: "PhotoGate")]
    ),
    // Code that writes `import Photos` / `import PhotosUI` as on iOS: PhotoGate's modules of
    // those names on Linux, Apple's frameworks on Apple platforms.
    .target(
      name: "MyAppPickerCode",
      dependencies: [
        .product(name: "Photos", package: "PhotoGate", condition: .when(platforms: [.linux])),
        .product(name: "PhotosUI", package: "PhotoGate", condition: .when(platforms: [.linux])),
      ]
    ),
    .testTarget(
      name: "MyAppTests",
      dependencies: [
        "MyAppPhotoCode", "MyAppPickerCode",
        .product(name: "PhotoKitCompat", package: "PhotoGate"),
        .product(name: "PhotoKitCompatTesting", package: "PhotoGate"),
      ]
    ),
    .testTarget(
      name: "MyPickerTests",
      dependencies: [
        .product(name: "PickerCore", package: "PhotoGate"),
        .product(name: "PhotoLibrary", package: "PhotoGate"),
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]
    ),
  ]
)
