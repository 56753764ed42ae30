// swift-tools-version: 6.0
// PhotoGate: a folder-backed emulation of the iOS photo library, its permission model,
// a picker view-model and a terminal gallery. See docs/ (docs/architecture.md first).

import Foundation
import PackageDescription

// Fuzz targets are declared only on request (`PHOTOGATE_FUZZ=1`), so that a plain
// `swift build` never needs the sanitizer runtimes.
let fuzzing = ProcessInfo.processInfo.environment["PHOTOGATE_FUZZ"] == "1"
// The PhotoKit benchmark program (scripts/bench-photokit) likewise: `PHOTOGATE_BENCH=1`.
let benchmarking = ProcessInfo.processInfo.environment["PHOTOGATE_BENCH"] == "1"

let package = Package(
  name: "PhotoGate",
  products: [
    .executable(name: "photogate", targets: ["photogate"]),
    .library(name: "ImageDecoding", targets: ["ImageDecoding"]),
    .library(name: "PhotoLibrary", targets: ["PhotoLibrary"]),
    .library(name: "PickerCore", targets: ["PickerCore"]),
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    .library(name: "PhotoKitCompat", targets: ["PhotoKitCompat"]),
    .library(name: "UIKitCompat", targets: ["UIKitCompat"]),
    .library(name: "AVFoundationCompat", targets: ["AVFoundationCompat"]),
    .library(name: "PhotosUICompat", targets: ["PhotosUICompat"]),
    .library(name: "PhotoKitCompatTesting", targets: ["PhotoKitCompatTesting"]),
    // `import Photos` / `import PhotosUI` on Linux. Declared on every host, because SwiftPM
    // looks a product up before it applies a dependency's platform condition: a product missing
    // on macOS would break, there, the iOS build of a package that depends on it
    // `.when(platforms: [.linux])`. Their dependencies are Linux-only and their sources empty
    // on Apple platforms, so nothing there shadows Apple's frameworks.
    .library(name: "Photos", targets: ["Photos"]),
    .library(name: "PhotosUI", targets: ["PhotosUI"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
  ],
  targets: [
    // MARK: Libraries (dependencies flow one way, top to bottom)

    /// Every libjpeg, libpng, libheif, libwebp, giflib and FFmpeg call, with error recovery kept
    /// in C. FFmpeg is loaded on first use (dlopen), so that only movies pay for it.
    .target(
      name: "CImageCodecs",
      linkerSettings: [
        .linkedLibrary("jpeg"), .linkedLibrary("png16"), .linkedLibrary("z"),
        .linkedLibrary("heif"),
        .linkedLibrary("webp"), .linkedLibrary("webpdemux"), .linkedLibrary("gif"),
        // FFmpeg is not linked: it is opened with dlopen on the first movie (ffmpeg_loader.c).
      ]
    ),
    /// Reading, durable atomic writing and the folder walk, over plain POSIX calls; not a product.
    .target(name: "FileSystem"),
    /// The system SQLite (`libsqlite3-dev`), through a module map; the library index uses it.
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3"),
    .target(name: "ImageDecoding", dependencies: ["CImageCodecs", "FileSystem"]),
    .target(name: "PhotoLibrary", dependencies: ["ImageDecoding", "FileSystem", "CSQLite"]),
    .target(name: "PickerCore", dependencies: ["PhotoLibrary"]),
    .target(name: "TerminalUI", dependencies: ["PickerCore", "PhotoLibrary", "ImageDecoding"]),
    /// Stand-ins for the UIKit types photo code uses (`UIImage`, `UIViewController`).
    .target(name: "UIKitCompat", dependencies: ["ImageDecoding"]),
    /// Stand-ins for the AVFoundation types video requests return (`AVURLAsset`, `CMTime`).
    .target(name: "AVFoundationCompat", dependencies: ["ImageDecoding"]),
    .target(
      name: "PhotoKitCompat",
      dependencies: ["PhotoLibrary", "ImageDecoding", "UIKitCompat", "AVFoundationCompat"]),
    /// PhotosUI's system photo picker (`PHPickerViewController`) over PhotoKitCompat.
    .target(
      name: "PhotosUICompat", dependencies: ["PhotoKitCompat", "PhotoLibrary", "ImageDecoding"]),
    /// The modules `Photos` and `PhotosUI` on Linux: re-exports of PhotoKitCompat and
    /// PhotosUICompat under Apple's module names (empty on Apple platforms).
    .target(
      name: "Photos",
      dependencies: [.target(name: "PhotoKitCompat", condition: .when(platforms: [.linux]))]),
    .target(
      name: "PhotosUI",
      dependencies: [
        "Photos", .target(name: "PhotosUICompat", condition: .when(platforms: [.linux])),
      ]),
    /// Helpers for tests of PhotoKit code (`Recorder`, the `.isolatedPhotoKitDevice` trait);
    /// for test targets only.
    .target(name: "PhotoKitCompatTesting", dependencies: ["PhotoKitCompat", "PhotoLibrary"]),

    // MARK: The command-line tool (argument parsing and wiring only)

    .executableTarget(
      name: "photogate",
      dependencies: [
        "FileSystem", "ImageDecoding", "PhotoLibrary", "PickerCore", "TerminalUI",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      plugins: ["BuildInfoPlugin"]
    ),
    /// Records the git commit of the sources for `photogate --version`, before every build.
    .plugin(name: "BuildInfoPlugin", capability: .buildTool()),

    // MARK: Examples (built by CI: published code compiled against PhotoKitCompat)

    // It reads `#if canImport(Photos)`: it depends on PhotoGate's `Photos` and `PhotosUI`, so
    // that the answer (yes, on Linux too) does not depend on the order targets are built in.
    .target(
      name: "PublishedExamples", dependencies: ["PhotoKitCompat", "Photos", "PhotosUI"],
      path: "Examples/PublishedExamples"),

    // MARK: Tests

    /// Fixtures and helpers shared by the test targets; not a product.
    .target(name: "TestSupport", dependencies: ["ImageDecoding", "PhotoLibrary"]),
    .testTarget(
      name: "ImageDecodingTests",
      dependencies: ["ImageDecoding", "TestSupport"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(name: "FileSystemTests", dependencies: ["FileSystem"]),
    .testTarget(
      name: "PhotoLibraryTests", dependencies: ["PhotoLibrary", "FileSystem", "TestSupport"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "PickerCoreTests",
      dependencies: [
        "PickerCore", "PhotoLibrary", "TestSupport",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "TerminalUITests",
      dependencies: [
        "TerminalUI", "TestSupport",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]
    ),
    /// Client code in the styles public projects use, in Swift 5 mode (most apps' mode).
    .target(
      name: "PhotoKitCompatClients",
      dependencies: ["PhotoKitCompat", "PhotosUICompat", "Photos", "PhotosUI"],
      path: "Tests/PhotoKitCompatClients",
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    .testTarget(
      name: "PhotoKitCompatTests",
      dependencies: [
        "PhotoKitCompat", "PhotoKitCompatClients", "PhotoKitCompatTesting", "PhotosUICompat",
        "PublishedExamples", "TestSupport",
      ]
    ),
    .testTarget(
      name: "PhotogateCLITests",
      dependencies: ["photogate", "TestSupport", "ImageDecoding", "FileSystem"]
    ),
  ]
)

if fuzzing {
  package.targets.append(
    .executableTarget(
      name: "DecodeFuzzer",
      dependencies: ["ImageDecoding"],
      path: "Fuzz/DecodeFuzzer",
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    )
  )
  package.targets.append(
    .executableTarget(
      name: "FormatFuzzer",
      dependencies: ["ImageDecoding"],
      path: "Fuzz/FormatFuzzer",
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    )
  )
}

if benchmarking {
  package.targets.append(
    .executableTarget(
      name: "PhotoKitBench", dependencies: ["PhotoKitCompat"], path: "Benchmarks/PhotoKitBench")
  )
}
