/// Delta debugging over a scene file's tree (Zeller and Hildebrandt's ddmin, one element at
/// a time): removes layers, properties, animations, filters and array elements while the
/// scene keeps failing, until no single removal keeps it failing. The result is 1-minimal:
/// every part left is needed for the failure.
public struct TreeReducer {
  /// Removals tried, and those kept.
  public private(set) var tries = 0
  public private(set) var kept = 0
  /// The most predicate calls (renders on both backends) one reduction may make.
  public var maxTries = 2000

  public init() {}

  /// The smallest scene found that `fails` still holds for; `scene` itself must fail.
  public mutating func reduce(_ scene: FuzzJSON, fails: (FuzzJSON) -> Bool) -> FuzzJSON {
    var current = scene
    var progress = true
    while progress && tries < maxTries {
      progress = false
      var index = 0
      while let candidate = Self.removing(index, from: current), tries < maxTries {
        tries += 1
        if fails(candidate) {
          current = candidate
          kept += 1
          progress = true
          // The same index now names the next part.
        } else {
          index += 1
        }
      }
    }
    return current
  }

  /// `value` with its `n`th removable part taken out (members and array elements in
  /// document order, outermost first), nil when it has fewer parts. The canvas's `width`
  /// and `height` and every `type` stay: without them the file would not load.
  static func removing(_ n: Int, from value: FuzzJSON) -> FuzzJSON? {
    var n = n
    return remove(&n, in: value, top: true)
  }

  private static func remove(_ n: inout Int, in value: FuzzJSON, top: Bool) -> FuzzJSON? {
    switch value {
    case .object(let members):
      for (i, member) in members.enumerated() {
        let fixed = member.0 == "type" || (top && (member.0 == "width" || member.0 == "height"))
        if !fixed {
          if n == 0 {
            var m = members
            m.remove(at: i)
            return .object(m)
          }
          n -= 1
        }
      }
      for (i, member) in members.enumerated() {
        if let inner = remove(&n, in: member.1, top: false) {
          var m = members
          m[i].1 = inner
          return .object(m)
        }
      }
      return nil
    case .array(let items):
      // Only arrays of objects (layers, filters, cells, runs) lose elements: a number
      // removed from a rect or a colour only makes the file invalid.
      let removable = items.contains { if case .object = $0 { true } else { false } }
      if removable {
        if n < items.count {
          var a = items
          a.remove(at: n)
          return .array(a)
        }
        n -= items.count
      }
      for (i, item) in items.enumerated() {
        if let inner = remove(&n, in: item, top: false) {
          var a = items
          a[i] = inner
          return .array(a)
        }
      }
      return nil
    default:
      return nil
    }
  }
}
