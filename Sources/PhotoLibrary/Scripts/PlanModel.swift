import FileSystem
import Foundation
import ImageDecoding

/// The library as a plan goes through a script: its assets by id, with the paths taken and
/// freed so far; the folder on disk answers for everything the script has not touched.
struct PlanModel {
  /// One asset: its files (a Live Photo's still and movie) and what a listing needs.
  struct Item: Equatable {
    var files: [String]
    var listed: ListedAsset
    /// Changes whenever the asset does (new bytes, a flag), so that a difference sees it.
    var version: Int
  }

  struct Problem: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
  }

  let root: URL
  var assets: [String: Item] = [:]
  var keepsAttributes = false
  var timeZone = TimeZone.current
  /// Paths (files and folders) the script has made (true) or removed (false) so far.
  private var paths: [String: Bool] = [:]
  private var nextVersion = 1

  init(root: URL, assets: [Asset]) {
    self.root = root
    for asset in assets {
      self.assets[asset.id] = Item(
        files: asset.resources.map(\.path),
        listed: ListedAsset(
          id: asset.id, creationDate: asset.creationDate, isHidden: asset.isHidden,
          isFavorite: asset.isFavorite),
        version: 0)
    }
  }

  /// The assets newest first (equal dates by id), as the library lists them.
  func listing() -> [ListedAsset] {
    assets.values.map(\.listed).sorted { lhs, rhs in
      lhs.creationDate != rhs.creationDate
        ? lhs.creationDate > rhs.creationDate : FolderLibrary.idPrecedes(lhs.id, rhs.id)
    }
  }

  /// What changed from `old` to `new`, as a watcher comparing the two would say.
  static func difference(from old: [String: Item], to new: [String: Item]) -> LibraryChange {
    LibraryChange(
      inserted: new.keys.filter { old[$0] == nil }.sorted(),
      removed: old.keys.filter { new[$0] == nil }.sorted(),
      changed: new.keys.filter { id in old[id].map { $0 != new[id] } ?? false }.sorted())
  }

  // MARK: Operations

  /// Checks `kind` against the model and applies it there; returns the actions that do it
  /// and the ids whose flags it changed.
  mutating func plan(_ kind: ChangeOperation.Kind) throws(Problem) -> (
    actions: [PlannedAction], announced: [String]
  ) {
    switch kind {
    case .insert(let file, let name, let album):
      let name = name ?? file.lastPathComponent
      guard !name.hasPrefix("."), !name.isEmpty else {
        throw Problem("'\(name)' is a hidden name: scans skip it (give one with 'as NAME')")
      }
      let id = album.map { "\($0)/\(name)" } ?? name
      guard !isTaken(id) else { throw Problem("'\(id)' already exists in the library") }
      let date = try imageDate(file)
      var actions: [PlannedAction] = []
      if let album { actions += try makeFolders(album) }
      paths[id] = true
      assets[id] = Item(
        files: [id],
        listed: ListedAsset(id: id, creationDate: date, isHidden: false, isFavorite: false),
        version: bump())
      return (actions + [.write(source: file, to: id)], [])
    case .delete(let id):
      let item = try existing(id)
      assets[id] = nil
      for file in item.files { paths[file] = false }
      var actions = item.files.map(PlannedAction.remove)
      // Its flags go with it (a new file under the same name is a new asset).
      if item.listed.isFavorite { actions.append(.attribute(.favorite, false, id: id)) }
      if item.listed.isHidden { actions.append(.attribute(.hidden, false, id: id)) }
      return (actions, [])
    case .modify(let id, let file):
      var item = try existing(id)
      item.listed.creationDate = try imageDate(file)
      item.version = bump()
      assets[id] = item
      return ([.write(source: file, to: id)], [])
    case .move(let id, let album, let from):
      let item = try existing(id)
      let folder = (id as NSString).deletingLastPathComponent
      if let from, folder != from, !folder.hasPrefix(from + "/") {
        throw Problem("'\(id)' is not in album '\(from)'")
      }
      if folder == (album ?? "") {
        throw Problem("'\(id)' is in '\(album ?? "the library root")' already")
      }
      var actions: [PlannedAction] = []
      if let album { actions += try makeFolders(album) }
      return (actions + (try rename(item, id: id, to: album ?? "")), [])
    case .attribute(let attribute, let value, let id):
      guard keepsAttributes else {
        throw Problem("this library keeps no favourites or hidden assets (it has no state folder)")
      }
      var item = try existing(id)
      let current = attribute == .favorite ? item.listed.isFavorite : item.listed.isHidden
      guard current != value else { return ([], []) }
      if attribute == .favorite {
        item.listed.isFavorite = value
      } else {
        item.listed.isHidden = value
      }
      item.version = bump()
      assets[id] = item
      return ([.attribute(attribute, value, id: id)], [id])
    case .createAlbum(let name):
      guard !isTaken(name) else { throw Problem("'\(name)' already exists in the library") }
      return (try makeFolders(name), [])
    case .renameAlbum(let old, let new):
      guard isFolder(old) else { throw Problem("there is no album '\(old)' in the library") }
      guard !isTaken(new) else { throw Problem("'\(new)' already exists in the library") }
      guard !new.hasPrefix(old + "/") else { throw Problem("'\(new)' is inside '\(old)'") }
      let parent = (new as NSString).deletingLastPathComponent
      var actions = parent.isEmpty ? [] : try makeFolders(parent)
      var flags: [PlannedAction] = []
      for (id, item) in assets.sorted(by: { $0.key < $1.key }) where id.hasPrefix(old + "/") {
        flags += moveInModel(
          item, id: id, to: new + id.dropFirst(old.count),
          files: item.files.map { new + $0.dropFirst(old.count) })
      }
      paths[old] = false
      paths[new] = true
      actions.append(.rename(old, to: new))
      return (actions + flags, [])
    case .deleteAlbum(let name):
      guard isFolder(name) else { throw Problem("there is no album '\(name)' in the library") }
      var actions: [PlannedAction] = []
      for (id, item) in assets.sorted(by: { $0.key < $1.key }) where id.hasPrefix(name + "/") {
        actions += try rename(item, id: id, to: "", renamingWhenTaken: true)
      }
      paths[name] = false
      return (actions + [.removeFolderIfEmpty(name)], [])
    }
  }

  // MARK: Helpers

  private mutating func bump() -> Int {
    defer { nextVersion += 1 }
    return nextVersion
  }

  private func existing(_ id: String) throws(Problem) -> Item {
    guard let item = assets[id] else { throw Problem("no asset '\(id)' in the library") }
    return item
  }

  /// Whether something is at `path` (as the script has left the folder so far).
  private func isTaken(_ path: String) -> Bool {
    if let made = paths[path] { return made }
    // Below a folder the script removed or renamed, nothing is left.
    if paths.contains(where: { !$0.value && path.hasPrefix($0.key + "/") }) { return false }
    var info = stat()
    return lstat(root.appendingPathComponent(path).path, &info) == 0
  }

  /// Whether `path` is a folder (as the script has left it so far).
  private func isFolder(_ path: String) -> Bool {
    if let made = paths[path] { return made && !assets.keys.contains(path) }
    if paths.contains(where: { !$0.value && path.hasPrefix($0.key + "/") }) { return false }
    guard let info = try? POSIX.targetInfo(root.appendingPathComponent(path).path) else {
      return false
    }
    return info.st_mode & S_IFMT == S_IFDIR
  }

  /// Makes the folder `path` and its missing parents; refuses a path through a file.
  private mutating func makeFolders(_ path: String) throws(Problem) -> [PlannedAction] {
    var actions: [PlannedAction] = []
    var prefix = ""
    for part in path.split(separator: "/") {
      prefix = prefix.isEmpty ? String(part) : prefix + "/" + part
      var info = stat()
      if paths[prefix] == nil, lstat(root.appendingPathComponent(prefix).path, &info) == 0,
        info.st_mode & S_IFMT == S_IFLNK
      {
        throw Problem("'\(prefix)' is a symbolic link: a script writes only into real folders")
      }
      if isFolder(prefix) { continue }
      if isTaken(prefix) { throw Problem("'\(prefix)' is a file, not an album") }
      paths[prefix] = true
      actions.append(.makeFolder(prefix))
    }
    return actions
  }

  /// Moves `item` (all its files) into the folder `folder` ("" for the root), keeping its
  /// name, or (`renamingWhenTaken`) the first free "NAME 2.EXT".
  private mutating func rename(
    _ item: Item, id: String, to folder: String, renamingWhenTaken: Bool = false
  ) throws(Problem) -> [PlannedAction] {
    func place(_ file: String, counter: Int) -> String {
      let name = (file as NSString).lastPathComponent
      let stem = (name as NSString).deletingPathExtension
      let ext = (name as NSString).pathExtension
      let renamed = counter == 1 ? name : "\(stem) \(counter)" + (ext.isEmpty ? "" : ".\(ext)")
      return folder.isEmpty ? renamed : folder + "/" + renamed
    }
    var counter = 1
    while item.files.contains(where: { isTaken(place($0, counter: counter)) }) {
      guard renamingWhenTaken else {
        throw Problem("'\(place(id, counter: counter))' already exists in the library")
      }
      counter += 1
    }
    let targets = item.files.map { place($0, counter: counter) }
    let newID = place(id, counter: counter)
    let flags = moveInModel(item, id: id, to: newID, files: targets)
    return zip(item.files, targets).map { PlannedAction.rename($0, to: $1) } + flags
  }

  /// The model side of a move: the asset's files and id change, its flags follow; returns
  /// the flag actions.
  private mutating func moveInModel(_ item: Item, id: String, to newID: String, files: [String])
    -> [PlannedAction]
  {
    var moved = item
    moved.files = files
    moved.listed.id = newID
    assets[id] = nil
    assets[newID] = moved
    for file in item.files { paths[file] = false }
    for file in files { paths[file] = true }
    var actions: [PlannedAction] = []
    for (attribute, set) in [
      (LibraryAttributes.Attribute.favorite, item.listed.isFavorite),
      (.hidden, item.listed.isHidden),
    ] where set {
      actions += [.attribute(attribute, false, id: id), .attribute(attribute, true, id: newID)]
    }
    return actions
  }

  /// The creation date the file `url` will be listed with; throws unless it is an image.
  private func imageDate(_ url: URL) throws(Problem) -> Date {
    var info = stat()
    guard stat(url.path, &info) == 0 else {
      throw Problem("\(url.path) cannot be read: \(String(cString: strerror(errno)))")
    }
    guard info.st_mode & S_IFMT == S_IFREG else { throw Problem("\(url.path) is not a file") }
    guard info.st_size <= ChangeScriptPlan.largestFile else {
      throw Problem("\(url.path) is larger than \(ChangeScriptPlan.largestFile / 1_048_576) MiB")
    }
    switch FileFacts.read(url.path) {
    case .image(let header):
      return AssetFacts(info: header, xmp: header.xmp, timeZone: timeZone).creationDate ?? Date()
    case .unreadableHeader: return Date()
    case .notImage: throw Problem("\(url.path) is not an image (by its first bytes)")
    case .unreadable(let reason): throw Problem("\(url.path) cannot be read: \(reason)")
    }
  }
}

extension ChangeScriptPlan {
  /// The largest file a script inserts or writes (it is copied through memory).
  public static let largestFile: Int = 512 * 1_048_576
}
