/// "Did you mean …?" for misspelt keys and names.
enum Suggestion {
  /// The closest of `candidates` to `word` by edit distance, ignoring case, if it is within
  /// `maxDistance` edits; the first one wins a tie.
  static func closest(to word: String, in candidates: [String], maxDistance: Int = 3) -> String? {
    var best: (String, Int)? = nil
    for c in candidates {
      let d = distance(word.lowercased(), c.lowercased())
      if d <= maxDistance, d < (best?.1 ?? .max) { best = (c, d) }
    }
    return best?.0
  }

  /// `unknown property; did you mean "cornerRadius"?`, or just `unknown property`.
  static func message(_ what: String, _ word: String, _ candidates: [String]) -> String {
    closest(to: word, in: candidates).map { "\(what); did you mean \"\($0)\"?" } ?? what
  }

  /// Levenshtein distance over Unicode scalars, two rows at a time.
  /// - Complexity: O(a.count * b.count); keys are short.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
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
