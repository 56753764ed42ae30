extension PickerScreen {
  /// The screen as deterministic plain text, one fact per line: the header, the info label,
  /// the buttons, the grid window (`▸` marks the focus, `(n)` the pick order, `[x]` a check),
  /// the picking bar, and the overlay with its buttons (`▸` focus, `✓` checked).
  ///
  /// The format is stable: snapshot tests compare it line by line.
  public var text: String { lines.joined(separator: "\n") + "\n" }

  /// The lines of `text`.
  public var lines: [String] {
    var out: [String] = []
    let name = app.map { "“\($0)”" } ?? "(not launched)"
    let version = ios.map { " · iOS \($0)" } ?? ""
    out.append("App: \(name)\(version) · launch \(launch)\(running ? "" : " · not running")")
    if info.isEmpty {
      out.append("Info: (none)")
    } else {
      out += info
    }
    out.append(
      "Buttons: " + (buttons.isEmpty ? "(none)" : buttons.map { "[\($0)]" }.joined(separator: " ")))
    if let album {
      out.append("Album: \(album)" + (filter.map { " · filter \($0)" } ?? ""))
    }
    if let albums {
      out.append("Albums:")
      for row in albums {
        let focus = row.focused ? "▸" : " "
        let current = row.current ? " ✓" : ""
        out.append("  \(focus) \(row.title) (\(row.count))\(current)")
      }
    }
    if let grid {
      out += grid.lines(title: "Grid")
    } else {
      out.append("Grid: (none)")
    }
    if let picking {
      let limit = picking.limit.map { " (limit \($0))" } ?? ""
      out.append(
        "Picked\(limit): "
          + (picking.picked.isEmpty
            ? "(none)"
            : picking.picked.enumerated().map { "\($0.offset + 1). \($0.element)" }
              .joined(separator: ", ")))
      out.append(
        "Bar: [\(PickerTexts.cancel)] [\(PickerTexts.add) (\(picking.picked.count))"
          + (picking.canAdd ? "]" : " – disabled]"))
    }
    if let result {
      out.append("Result: picked " + result.joined(separator: ", "))
    } else if cancelled {
      out.append("Result: cancelled")
    }
    if let overlay {
      out += overlay.lines
    } else {
      out.append("Overlay: (none)")
    }
    return out
  }
}

extension PickerScreen.Grid {
  func lines(title: String) -> [String] {
    guard count > 0 else { return ["\(title): 0 photos · \(columns)×\(rows)"] }
    let last = min(totalRows, topRow + rows)
    var out = [
      "\(title): \(count) photo\(count == 1 ? "" : "s") · rows \(topRow + 1)–\(last) of \(totalRows) · \(columns)×\(rows)"
        + " · focus \(focus ?? "(none)")"
    ]
    let texts = cells.map { row in
      row.map { cell in
        var mark = cell.focused ? "▸" : " "
        if let checked = cell.checked { mark += checked ? "[x] " : "[ ] " }
        if let pick = cell.pick { mark += "(\(pick)) " }
        return mark + cell.id + (cell.badge.map { " ‹\($0)›" } ?? "")
          + (cell.cloud.map { " ‹\($0)›" } ?? "")
      }
    }
    // Every cell is padded to the widest one, so that the columns line up.
    let width = texts.joined().map(\.count).max() ?? 0
    for row in texts {
      let padded = row.map { $0 + String(repeating: " ", count: width - $0.count) }
      out.append("  " + padded.joined(separator: "  ").trimmingTrailingSpaces())
    }
    return out
  }
}

extension PickerScreen.OverlayView {
  var lines: [String] {
    var out = ["Overlay: \(kind)"]
    if let title { out.append("  Title: \(title)") }
    if let message { out.append("  Message: \(message)") }
    if let detail { out.append("  Detail: \(detail)") }
    if let grid { out += grid.lines(title: "Photos").map { "  " + $0 } }
    for button in buttons {
      let focus = button.focused ? "▸" : " "
      let check = button.checked ? " ✓" : ""
      let greyed = button.disabled ? " (greyed out)" : ""
      out.append("  \(focus) [\(button.label)]\(check)\(greyed)")
    }
    return out
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}
