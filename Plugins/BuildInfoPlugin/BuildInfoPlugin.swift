import Foundation
import PackagePlugin

/// Writes `BuildInfo.swift` (the git commit the sources are at) before every build of a
/// target, so that `photogate --version` names the commit it was built from. Offline and
/// without `make`: a shell runs `git rev-parse` in the package folder; outside a git checkout
/// (a source tarball) or without git the commit is `nil` and the tool says "unknown commit".
/// The file is rewritten only when its text changes, so an unchanged commit rebuilds nothing.
@main
struct BuildInfoPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("BuildInfo")
    let file = output.appendingPathComponent("BuildInfo.swift")
    let script = """
      package="$1"; out="$2"; file="$3"
      mkdir -p "$out"
      commit=$(git -C "$package" rev-parse --short=12 HEAD 2>/dev/null) || commit=""
      if [ -n "$commit" ] && [ -n "$(git -C "$package" status --porcelain --untracked-files=no \
        2>/dev/null)" ]; then commit="$commit-dirty"; fi
      case "$commit" in *[!0-9a-z-]*) commit="" ;; esac
      if [ -n "$commit" ]; then value="\\"$commit\\""; else value="nil"; fi
      text="/// Generated before each build by BuildInfoPlugin: the commit of the sources.
      enum BuildInfo {
        /// The git commit (12 hex digits, -dirty with uncommitted changes), or nil.
        static let commit: String? = $value
      }"
      if [ "$(cat "$file" 2>/dev/null)" != "$text" ]; then
        printf '%s\\n' "$text" > "$file.tmp" && mv "$file.tmp" "$file"
      fi
      """
    return [
      .prebuildCommand(
        displayName: "Recording the git commit for \(target.name)",
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: [
          "-c", script, "sh", context.package.directoryURL.path, output.path, file.path,
        ],
        outputFilesDirectory: output)
    ]
  }
}
