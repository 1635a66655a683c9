import Foundation

/// A fenced code block of a Markdown file, with the test marker written before it.
///
/// A marker is an HTML comment on the line just before the fence (readers of the rendered
/// page do not see it) that says how `DocumentationTests` checks the block:
///
/// - `<!-- test: exact -->`: a terminal transcript (`$ command` lines, each followed by
///   what it prints) whose commands must print exactly that and exit as `$ echo $?` says
///   (0 otherwise).
/// - `<!-- test: status -->`: a transcript whose output depends on the machine (timings,
///   GPU drivers): each command must exit as shown, and print the first line's leading
///   words.
/// - `<!-- test: run -->`: shell commands, one per line, each of which must succeed.
/// - `<!-- test: skip REASON -->`: not run, for the reason given (a package manifest
///   fragment, a command that needs a tool the tests do not have).
///
/// Without a marker, `swift` blocks must appear in the test sources as written and `json`
/// blocks must render; any other block needs a marker when it holds commands.
struct MarkdownBlock: CustomStringConvertible {
  var file: String
  /// The line of the opening fence, from 1.
  var line: Int
  var language: String
  var marker: String?
  var text: String

  var description: String { "\(file):\(line) (```\(language))" }

  /// The blocks of `url`'s Markdown, in order.
  static func blocks(in url: URL, name: String) throws -> [MarkdownBlock] {
    let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
    var blocks: [MarkdownBlock] = []
    var i = 0
    while i < lines.count {
      let opening = lines[i].trimmingCharacters(in: .whitespaces)
      guard opening.hasPrefix("```") else {
        i += 1
        continue
      }
      let language = String(opening.dropFirst(3)).trimmingCharacters(in: .whitespaces)
      let previous = i > 0 ? lines[i - 1].trimmingCharacters(in: .whitespaces) : ""
      var marker: String?
      if previous.hasPrefix("<!-- test:"), previous.hasSuffix("-->") {
        marker = String(previous.dropFirst("<!-- test:".count).dropLast(3)).trimmingCharacters(in: .whitespaces)
      }
      var body: [String] = []
      var j = i + 1
      while j < lines.count, !lines[j].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        body.append(lines[j])
        j += 1
      }
      blocks.append(MarkdownBlock(file: name, line: i + 1, language: language, marker: marker, text: body.joined(separator: "\n")))
      i = j + 1
    }
    return blocks
  }

  /// One command of a transcript and what it printed.
  struct Step {
    var command: String
    var output: [String]
    /// The status `$ echo $?` showed right after it, if it did.
    var status: Int32?
  }

  /// The `$ command` lines of a transcript with the lines each printed.
  var transcript: [Step] {
    var steps: [Step] = []
    for line in text.components(separatedBy: "\n") {
      if line.hasPrefix("$ ") {
        steps.append(Step(command: String(line.dropFirst(2)), output: []))
      } else if !steps.isEmpty {
        steps[steps.count - 1].output.append(line)
      }
    }
    // Fold each `echo $?` into the command before it.
    var folded: [Step] = []
    for s in steps {
      if s.command.trimmingCharacters(in: .whitespaces) == "echo $?", !folded.isEmpty {
        folded[folded.count - 1].status = s.output.first.flatMap { Int32($0.trimmingCharacters(in: .whitespaces)) }
      } else {
        folded.append(s)
      }
    }
    for k in folded.indices {
      while folded[k].output.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { folded[k].output.removeLast() }
    }
    return folded
  }
}
