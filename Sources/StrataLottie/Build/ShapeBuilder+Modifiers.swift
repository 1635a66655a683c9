import StrataPath

/// Where shape modifiers apply, as Skottie applies its geometry effects: a modifier
/// changes the paths before it in its list (those of the groups before it included, in
/// the list's coordinates), and every style that draws those paths draws them changed,
/// whether it comes before or after the modifier; modifiers of a list around the style's
/// apply too. A merge paths item in modes 2 to 5 turns the paths before it into one, and
/// the styles before it (in its list and in the groups before it) draw nothing.
extension ShapeBuilder {
  /// Whether a merge (modes 2 to 5) after the style at `j` takes its paths from it: one
  /// later in its list, or in a list around it after the group that holds it.
  static func isMergedAfter(_ j: Int, in scope: Scope) -> Bool {
    func merges(_ items: ArraySlice<ShapeItem>) -> Bool {
      items.contains { if case .merge(let mode) = $0 { MergedPaths.combines(mode) } else { false } }
    }
    if merges(scope.items[(j + 1)...]) { return true }
    return scope.outer.contains { merges($0.items[($0.branch + 1)...]) }
  }

  /// `c` with the modifiers that come after the style at `j` in its list, then those of the
  /// lists around it after the branch to it.
  func withModifiers(after j: Int, in scope: Scope, _ c: [Contribution]) -> [Contribution] {
    var c = c
    for item in scope.items[(j + 1)...] {
      if let m = PathModifier(item) { c.modify(m, in: []) }
    }
    var outer: [TransformModel] = []
    for (items, branch) in scope.outer.reversed() {
      guard case .group(let g) = items[branch] else { continue }
      outer.append(g.transform)
      for item in items[(branch + 1)...] {
        guard let m = PathModifier(item) else { continue }
        for i in c.indices { c[i].modifiers.append(.init(depth: c[i].transforms.count, outer: outer, modifier: m)) }
      }
    }
    return c
  }
}

extension ShapeBuilder.Contribution {
  /// The one contribution a merge in modes 2 to 5 makes of `parts`, in the list whose
  /// transforms (to the style) are `transforms`.
  init(merging parts: [Self], mode: Int, transforms: [TransformModel], groupTrim: ShapeItem.Trim?) {
    let local = parts.map { part in
      var p = part
      p.transforms.removeLast(transforms.count)
      return p
    }
    self.init(source: .merged(MergedPaths(mode: mode, parts: local)), transforms: transforms, groupTrim: groupTrim)
  }
}

extension [ShapeBuilder.Contribution] {
  /// Adds `modifier`, of the list whose transforms (to the style) are `listTransforms`, to
  /// each contribution: it works after the transforms between the path and that list.
  mutating func modify(_ modifier: PathModifier, in listTransforms: [TransformModel]) {
    for i in indices {
      self[i].modifiers.append(.init(depth: self[i].transforms.count - listTransforms.count, modifier: modifier))
    }
  }
}
