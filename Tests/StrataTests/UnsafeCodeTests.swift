import Foundation
import Testing

/// Unsafe code is kept from growing (README, "Safety"). Every module with a figure in the
/// README's table builds with strict memory safety, so each unsafe construct in it carries
/// an acknowledgment (`unsafe`, `@unsafe`, `@safe`) or the compiler warns; these tests count
/// the acknowledgments and hold each module to its recorded figure. Reading files only: no
/// build, a few milliseconds.
@Suite struct UnsafeCodeTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// A module's acknowledgments may not exceed the README's figure (new unsafe code needs
  /// a reason, written down), and a count that dropped must be recorded (so the figure
  /// stays a ceiling, not a loose allowance).
  @Test func countsMatchTheReadme() throws {
    let recorded = try Self.readmeFigures()
    for module in try Self.modules() {
      let figure = try #require(recorded[module], "README's Safety table has no row for \(module)")
      guard let limit = figure else { continue }  // not under strict memory safety yet
      let n = try Self.markers(in: module)
      #expect(
        n <= limit,
        "\(module) has \(n) unsafe acknowledgments; README's Safety section records \(limit): make the new code safe, or raise the figure there and say why.")
      #expect(
        n >= limit, "\(module) now has \(n) unsafe acknowledgments, fewer than README's \(limit): write \(n) in its Safety table.")
    }
  }

  /// Without the build setting the compiler does not ask for acknowledgments, and a count of
  /// them would say nothing: every module with a figure is built with strict memory safety.
  @Test func modulesWithAFigureAreStrict() throws {
    let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let figures = try Self.readmeFigures()
    for module in try Self.modules() {
      guard let figure = figures[module], figure != nil else { continue }  // no row, or not under the check yet
      let target = try #require(Self.targetDeclaration(module, in: manifest), "no target \(module) in Package.swift")
      #expect(
        target.contains(".strictMemorySafety()"),
        "\(module) has a figure in README's Safety table but is not built with .strictMemorySafety()")
    }
  }

  /// In these modules C is called, and unsafe code written, only in thin `…+Calls.swift`
  /// wrappers that take and return Swift values; every other file is safe Swift that does
  /// not import the C library. (Foundation re-exports it, so a C call through Foundation
  /// is not caught here; the compiler still flags every one that takes a pointer.)
  @Test func unsafeCodeStaysInCallWrappers() throws {
    let wrappedOnly = ["StrataPNG", "StrataText", "StrataCLI", "strata", "strata-bench", "strata-memory-probe"]
    let cModules = ["Glibc", "Musl", "Darwin", "CPNG", "CEGL", "CFreeType", "CHarfBuzz", "CFontconfig", "CFriBidi"]
    for module in wrappedOnly {
      for file in try Self.swiftFiles(in: Self.directory(of: module)) where !file.lastPathComponent.hasSuffix("+Calls.swift") {
        let source = try String(contentsOf: file, encoding: .utf8)
        let name = "\(module)/\(file.lastPathComponent)"
        #expect(UnsafeMarkers.count(in: source) == 0, "\(name) has unsafe code outside a +Calls.swift wrapper")
        let imports = source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("import ") }
        for c in cModules {
          #expect(!imports.contains("import \(c)"), "\(name) imports \(c): C calls belong in a +Calls.swift wrapper")
        }
      }
    }
  }

  /// The counter reads code only: comments and string literals do not count, and each
  /// `unsafe` (expression, `@unsafe`, `for unsafe`) and `@safe` counts once.
  @Test func markersAreCountedInCodeOnly() {
    let source = #"""
      // unsafe in a comment, /* and */ unsafe
      /* a block comment, /* nested */ still unsafe */
      @safe struct S { @unsafe func f() {} }
      let s = "unsafe \" unsafe", t = """
        unsafe
        """
      let p = unsafe q.withUnsafeBytes { unsafe $0.load(as: UInt8.self) }
      for unsafe x in unsafeSequence {}
      let unsafeName = _unsafeStart
      """#
    #expect(UnsafeMarkers.count(in: source) == 5)
  }

  /// Modules outside Sources/, by their directory: the memory tests' probe, a program
  /// with its own C calls.
  static let otherModules = ["strata-memory-probe": "Tests/MemoryProbe"]

  /// The modules under Sources/ (every directory holding Swift files) and `otherModules`.
  static func modules() throws -> [String] {
    let sources = root.appendingPathComponent("Sources")
    return try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted().filter { name in
      try !swiftFiles(in: sources.appendingPathComponent(name)).isEmpty
    } + otherModules.keys.sorted()
  }

  /// Where a module's sources are.
  static func directory(of module: String) -> URL {
    root.appendingPathComponent(otherModules[module] ?? "Sources/\(module)")
  }

  static func swiftFiles(in directory: URL) throws -> [URL] {
    guard let walk = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
    return walk.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
  }

  static func markers(in module: String) throws -> Int {
    try swiftFiles(in: directory(of: module)).reduce(0) { n, file in
      n + UnsafeMarkers.count(in: try String(contentsOf: file, encoding: .utf8))
    }
  }

  /// The table of README's "Safety" section: module → recorded acknowledgments (the
  /// fourth column), nil where the module is not under strict memory safety yet ("—").
  /// Rows of modules that do not exist (yet, on this branch) are ignored.
  static func readmeFigures() throws -> [String: Int?] {
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.range(of: "\n## Safety\n"), "README has no Safety section")
    var figures: [String: Int?] = [:]
    for line in readme[section.upperBound...].split(separator: "\n") {
      if line.hasPrefix("## ") { break }
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count > 5, cells[1].hasPrefix("`"), cells[1].hasSuffix("`") else { continue }
      figures[String(cells[1].dropFirst().dropLast())] = Int(cells[4])
    }
    return figures
  }

  /// The text of `.target(name: "<module>" …)` (or `.executableTarget`) in the manifest, up
  /// to its closing parenthesis.
  static func targetDeclaration(_ module: String, in manifest: String) -> Substring? {
    let compact = manifest.split(whereSeparator: \.isWhitespace).joined(separator: " ").replacingOccurrences(of: "( ", with: "(")
    for kind in [".target(", ".executableTarget("] {
      guard let start = compact.range(of: "\(kind)name: \"\(module)\"") else { continue }
      var depth = 0
      var i = start.lowerBound
      while i < compact.endIndex {
        if compact[i] == "(" { depth += 1 }
        if compact[i] == ")" {
          depth -= 1
          if depth == 0 { return compact[start.lowerBound...i] }
        }
        i = compact.index(after: i)
      }
    }
    return nil
  }
}

/// Counts the acknowledgments of unsafe code in Swift source: the word `unsafe` (the
/// expression marker, `@unsafe`, `for unsafe`, `nonisolated(unsafe)`) and `@safe`, outside
/// comments and string literals.
enum UnsafeMarkers {
  static func count(in source: String) -> Int {
    let code = codeOnly(Array(source.utf8))
    var n = 0
    var i = 0
    let u = UInt8(ascii: "u"), at = UInt8(ascii: "@")
    while i < code.count {
      // Only the first letters are compared in the common case (a debug build runs this).
      if code[i] != u && code[i] != at {
        i += 1
      } else if isWord(code, at: i, "unsafe") {
        n += 1
        i += 6
      } else if code[i] == at, isWord(code, at: i + 1, "safe") {
        n += 1
        i += 5
      } else {
        i += 1
      }
    }
    return n
  }

  private static func isIdentifier(_ c: UInt8) -> Bool {
    let letter = c | 0x20  // lower case
    return c == UInt8(ascii: "_") || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
      || (letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z"))
  }

  /// Whether `word` stands at `i` on its own (not part of a longer identifier).
  private static func isWord(_ code: [UInt8], at i: Int, _ word: StaticString) -> Bool {
    guard starts(code, at: i, word) else { return false }
    let end = i + word.utf8CodeUnitCount
    return (i == 0 || !isIdentifier(code[i - 1])) && (end == code.count || !isIdentifier(code[end]))
  }

  private static func starts(_ code: [UInt8], at i: Int, _ text: StaticString) -> Bool {
    let n = text.utf8CodeUnitCount
    guard i >= 0, i + n <= code.count else { return false }
    return text.withUTF8Buffer { t in (0..<n).allSatisfy { code[i + $0] == t[$0] } }
  }

  /// `source` (UTF-8) with comments and string literals replaced by a space each.
  static func codeOnly(_ s: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(s.count)
    let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n")
    let slash = UInt8(ascii: "/"), hash = UInt8(ascii: "#")
    var i = 0
    while i < s.count {
      if s[i] != slash && s[i] != quote && s[i] != hash {
        out.append(s[i])
        i += 1
      } else if starts(s, at: i, "//") {
        while i < s.count && s[i] != newline { i += 1 }
      } else if starts(s, at: i, "/*") {
        var depth = 0
        repeat {
          if starts(s, at: i, "/*") {
            depth += 1
            i += 2
          } else if starts(s, at: i, "*/") {
            depth -= 1
            i += 2
          } else {
            i += 1
          }
        } while depth > 0 && i < s.count
        out.append(UInt8(ascii: " "))
      } else if starts(s, at: i, "\"\"\"") || starts(s, at: i, "#\"\"\"") {
        let raw = s[i] == UInt8(ascii: "#")
        i += raw ? 4 : 3
        while i < s.count && !(raw ? starts(s, at: i, "\"\"\"#") : starts(s, at: i, "\"\"\"")) {
          i += !raw && s[i] == backslash ? 2 : 1
        }
        i += raw ? 4 : 3
        out.append(UInt8(ascii: " "))
      } else if s[i] == quote || starts(s, at: i, "#\"") {
        let raw = s[i] == UInt8(ascii: "#")
        i += raw ? 2 : 1
        while i < s.count && s[i] != newline && !(raw ? starts(s, at: i, "\"#") : s[i] == quote) {
          i += !raw && s[i] == backslash ? 2 : 1
        }
        i += raw ? 2 : 1
        out.append(UInt8(ascii: " "))
      } else {
        out.append(s[i])
        i += 1
      }
    }
    return out
  }
}
