/// Code from the seed articles (000 and 004), compiled unchanged against `PhotoKitCompat`
/// except for the UIKit lines. Built in issue 6.
public enum SeedExamples {}
