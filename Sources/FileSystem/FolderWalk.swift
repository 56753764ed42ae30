/// A regular file found below a root, not yet known to be an image.
package struct FolderEntry: Sendable, Equatable {
  /// The path relative to the root, with '/' separators (through the link, for a file reached
  /// through a symbolic link).
  package var id: String
  /// The root's path as given (one string shared by every entry of a walk).
  package var root: String
  /// The file's `stat` (the target's, for a symbolic link).
  package var signature: FileSignature
  /// What makes it this file (see ``FileIdentity``); nil when it was not looked at with
  /// `statx(2)`.
  package var identity: FileIdentity? {
    get { identityValue == 0 ? nil : FileIdentity(value: identityValue) }
    set { identityValue = newValue?.value ?? 0 }
  }
  /// ``identity``'s digest, 0 for none (8 bytes per walked file where an optional takes 16).
  private var identityValue: UInt64 = 0

  package init(id: String, root: String, signature: FileSignature, identity: FileIdentity? = nil) {
    self.id = id
    self.root = root
    self.signature = signature
    self.identity = identity
  }

  /// The entry of the file `status` describes.
  package init(id: String, root: String, status: FileStatus) {
    self.init(
      id: id, root: root, signature: FileSignature(status.info), identity: status.identity)
  }

  /// The absolute path: the root as given, then `id` (made when asked: a walk of 100,000
  /// files keeps no second string per file).
  package var path: String { root + "/" + id }

  /// The first component of `id` when the file is in a subfolder, nil when it is in the root.
  package var firstFolder: String? {
    guard let slash = id.firstIndex(of: "/") else { return nil }
    return String(id[..<slash])
  }
}

/// An entry below the root that the walk did not list, and why.
package struct FolderSkip: Sendable, Equatable {
  /// Why an entry was not listed.
  package enum Reason: Sendable, Equatable, CaseIterable {
    /// It (or its folder) could not be examined or read.
    case unreadable
    /// A symbolic link whose target does not exist.
    case danglingLink
    /// A symbolic link whose target lies outside the root.
    case linkOutsideRoot
    /// A symbolic link (or a folder) that leads back to a folder it is inside of.
    case linkLoop
    /// A FIFO, socket or device: never opened.
    case notRegularFile
  }

  /// The path relative to the root ("." for the root itself).
  package var id: String
  package var reason: Reason
  /// A readable explanation, without the path.
  package var detail: String
  /// How many entries this stands for (several for names that are not valid UTF-8).
  package var count: Int = 1
}

/// The regular files below a root, the entries skipped, and whether the root could be read.
package struct FolderWalk: Sendable {
  package var files: [FolderEntry] = []
  package var skipped: [FolderSkip] = []
  /// Set when the root itself is not a readable folder (nothing was listed).
  package var rootError: SystemError?
  /// Whether a symbolic link was met (followed or not): a change to its target shows up in
  /// another folder than the link's, so only a whole walk sees it.
  package var followsLinks = false
  /// Set when a walk of one folder could not start there (see
  /// ``FolderWalker/walk(from:recursive:willList:)``).
  package var isIncomplete = false

  package init() {}
}
