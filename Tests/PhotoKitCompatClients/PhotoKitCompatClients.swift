// Client code in the styles public iOS photo projects use (an asset grid, filtered fetches, a
// picker view controller with its lifecycle), compiled in Swift 5 language mode against
// PhotoKitCompat (against Photos and UIKit on iOS) and driven by Tests/PhotoKitCompatTests.

/// The namespace of the client examples.
enum PhotoKitCompatClients {}
