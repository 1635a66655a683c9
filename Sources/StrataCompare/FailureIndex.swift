import Foundation

/// `index.html` in the failure directory: every mismatch of this test run, with its
/// three-panel image, side by side.
///
/// Entries are inserted before a marker comment, so the page is valid HTML after every
/// test. The page belongs to one run: a process that finds a page from another run
/// starts it afresh. Runs that share a failure directory at the same time (parallel test
/// processes) take turns through a file lock but each starts its own page.
enum FailureIndex {
  static let marker = "<!-- strata: end of entries -->"

  /// This process's run: its id and start time, read once.
  static let runID = "\(ProcessInfo.processInfo.processIdentifier)-\(Int(Date().timeIntervalSince1970))"

  struct Entry {
    var name: String
    var backend: String
    var reference: String
    var tier: String
    var failures: [String]
    var diffFile: String
    var actualFile: String
    var reportFile: String
  }

  /// Adds `entry` to `directory/index.html`.
  static func append(_ entry: Entry, in directory: URL) throws {
    let page = directory.appendingPathComponent("index.html")
    try FileLock.withLock(directory.appendingPathComponent(".index.lock").path) {
      var html = (try? String(contentsOf: page, encoding: .utf8)) ?? ""
      if !html.contains("<meta name=\"strata-run\" content=\"\(runID)\">") || !html.contains(marker) {
        html = header()
      }
      let at = html.range(of: marker)!.lowerBound
      html.insert(contentsOf: section(entry), at: at)
      try html.write(to: page, atomically: true, encoding: .utf8)
    }
  }

  static func header() -> String {
    let started = ISO8601DateFormatter().string(from: Date())
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="strata-run" content="\(runID)">
      <title>Strata rendering failures</title>
      <style>
      body { font: 14px/1.4 system-ui, sans-serif; margin: 2em; background: #f6f6f6; color: #222; }
      section { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: 1em; margin: 1em 0; }
      h2 { font-size: 16px; margin: 0 0 .5em; } h2 span { color: #777; font-weight: normal; }
      ul { margin: .3em 0; } code { font-size: 12px; }
      img { max-width: 100%; image-rendering: pixelated; border: 1px solid #ccc; }
      figcaption { color: #777; font-size: 12px; }
      </style>
      </head>
      <body>
      <h1>Rendering failures</h1>
      <p>Run started \(started). Each image shows expected | difference | actual; magenta boxes mark the differing regions.</p>
      \(marker)
      </body>
      </html>

      """
  }

  static func section(_ e: Entry) -> String {
    let reasons = e.failures.map { "<li>\(escape($0))</li>" }.joined()
    return """
      <section>
      <h2>\(escape(e.name)) <span>on \(escape(e.backend)), \(escape(e.tier))</span></h2>
      <ul>\(reasons)</ul>
      <p>reference <code>\(escape(e.reference))</code> · <a href="\(escape(e.actualFile))">actual image</a> · <a href="\(escape(e.reportFile))">JSON report</a></p>
      <figure><img src="\(escape(e.diffFile))" alt="expected, difference and actual for \(escape(e.name))"><figcaption>expected | difference | actual</figcaption></figure>
      </section>

      """
  }

  static func escape(_ s: String) -> String {
    var out = ""
    for ch in s {
      switch ch {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.append(ch)
      }
    }
    return out
  }
}
