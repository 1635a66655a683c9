/// "Did you mean …?" for misspelt keys and names.
enum Suggestion {
  /// The closest of `candidates` to `word` by edit distance, ignoring case, if it is within
  /// `maxDistance` edits; the first one wins a tie.
  ///
  /// Words longer than `Excerpt.maxScalars` (64) get no suggestion: every key and name a
  /// scene file knows is shorter, and the search must stay cheap for a 10 MB bogus key
  /// (it took 47 s).
  /// - Complexity: O(`candidates.count` × 64 × the longest candidate): a candidate whose
  ///   length differs by more than `maxDistance` is skipped, since the distance is at least
  ///   that difference.
  static func closest(to word: String, in candidates: [String], maxDistance: Int = 3) -> String? {
    guard !Excerpt.isLong(word) else { return nil }
    let w = Array(word.lowercased().unicodeScalars)
    var best: (String, Int)? = nil
    for c in candidates {
      let b = Array(c.lowercased().unicodeScalars)
      guard abs(b.count - w.count) <= maxDistance else { continue }
      let d = distance(w, b)
      if d <= maxDistance, d < (best?.1 ?? .max) { best = (c, d) }
    }
    return best?.0
  }

  /// `unknown property; did you mean "cornerRadius"?`, or just `unknown property`.
  ///
  /// `what` may end by quoting `word` (`unknown key path "positon"`); a long `word` is then
  /// shown as an excerpt (see `Excerpt`), so callers can quote what the user wrote without
  /// echoing megabytes.
  static func message(_ what: String, _ word: String, _ candidates: [String]) -> String {
    var what = what
    let excerpt = Excerpt.of(word)
    if excerpt != word {
      let quoted = Array(("\"" + word + "\"").utf8)
      if what.utf8.count >= quoted.count, what.utf8.suffix(quoted.count).elementsEqual(quoted),
        let head = String(what.utf8.dropLast(quoted.count))
      {
        what = head + "\"" + excerpt + "\""
      }
    }
    return closest(to: word, in: candidates).map { "\(what); did you mean \"\($0)\"?" } ?? what
  }

  /// Levenshtein distance over Unicode scalars, two rows at a time.
  /// - Complexity: O(a.count * b.count); callers keep both short.
  static func distance(_ a: String, _ b: String) -> Int {
    distance(Array(a.unicodeScalars), Array(b.unicodeScalars))
  }

  private static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in stride(from: 1, through: b.count, by: 1) {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
