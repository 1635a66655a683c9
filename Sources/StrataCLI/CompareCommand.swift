import Foundation
import Strata
import StrataCompare
import StrataPNG

/// `strata compare`: two PNG images under a tolerance tier, with a diff image and a JSON
/// report on request; or, with `--unused`, the reference images no test read.
enum CompareCommand {
  static let usage = """
    usage: strata compare EXPECTED.png ACTUAL.png [--tolerance strict|cross|N] [--diff OUT.png] [--json]
           strata compare --unused DIR MANIFEST

    Compares ACTUAL.png with EXPECTED.png, as StrataTesting's golden tests do.

    options:
      --tolerance T   strict (default): each channel within ±1, no pixel more
                      cross: the cross-backend tier (edges, 3x3 envelope, clusters, flat
                             regions, mean difference, critical alpha) with the default
                             allowance, which scales with the picture
                      N: each channel within ±N
      --diff OUT.png  write expected | difference | actual to OUT.png
      --json          print the comparison as JSON on standard output
      --unused DIR MANIFEST
                      list the files in __References__ folders below DIR that the
                      manifest (written by tests run with STRATA_REFERENCE_AUDIT=MANIFEST)
                      does not name
      -h, --help      show this help

    exit status: 0 the images match (or no reference is unused), 1 they differ (or some
    are unused), 2 wrong command line, unreadable file, images of different sizes, or a
    --diff that cannot be written or names one of the two images
    """

  struct Options {
    var files: [String] = []
    var tolerance: Tolerance = .strict
    var diff: String?
    var json = false
    var unused = false
  }

  static func parse(_ args: [String]) throws(UsageError) -> Options? {
    var o = Options()
    var args = Arguments(args)
    while let a = args.next() {
      switch a {
      case "-h", "--help": return nil
      case "--diff": o.diff = try args.value(for: a)
      case "--json": o.json = true
      case "--unused": o.unused = true
      case "--tolerance":
        let v = try args.value(for: a)
        switch v {
        case "strict": o.tolerance = .strict
        case "cross": o.tolerance = .cross
        default:
          guard let n = Int(v), n >= 0, n <= 255 else {
            throw UsageError(message: "--tolerance needs strict, cross or a number of levels from 0 to 255, got '\(v)'")
          }
          o.tolerance = .channel(n)
        }
      default:
        if a.hasPrefix("-") && a != "-" { throw UsageError(message: "unknown option '\(a)'") }
        o.files.append(a)
      }
    }
    guard o.files.count == 2 else {
      throw UsageError(message: o.unused ? "--unused needs a directory and a manifest" : "give two images to compare, got \(o.files.count)")
    }
    return o
  }

  static func run(_ args: [String], console: Console) -> ExitCode {
    let options: Options
    switch Parsed.from("compare", usage: usage, console: console, { () throws(UsageError) in try parse(args) }) {
    case .exit(let code): return code
    case .run(let o): options = o
    }
    return options.unused ? listUnused(options, console: console) : compare(options, console: console)
  }

  static func compare(_ o: Options, console: Console) -> ExitCode {
    if let diff = o.diff {
      var inputs = InputFiles()
      inputs.add(o.files[0], role: "the expected image")
      inputs.add(o.files[1], role: "the actual image")
      do throws(UsageError) { try inputs.check(output: diff, option: "--diff") } catch {
        console.err(UsageError.report(error, command: "strata compare", usage: usage))
        return .usage
      }
    }
    let expected: Image, actual: Image
    do {
      expected = try PNG.read(path: o.files[0])
      actual = try PNG.read(path: o.files[1])
    } catch {
      console.err("strata compare: \(error)\n")
      return .usage
    }
    if ImageComparator.sizeMismatch(expected: expected, actual: actual) != nil {
      console.err(
        "strata compare: cannot compare images of different sizes: \(o.files[0]) is \(expected.width)x\(expected.height) pixels, \(o.files[1]) is \(actual.width)x\(actual.height)\n")
      return .usage
    }
    let result = ImageComparator.compare(expected: expected, actual: actual, tolerance: o.tolerance)
    if let diff = o.diff {
      do {
        try PNG.write(DiffImage.threePanel(expected: expected, actual: actual, result: result), to: diff)
      } catch {
        console.err("strata compare: \(error)\n")
        return .usage
      }
    }
    if o.json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      if let data = try? encoder.encode(result), let text = String(data: data, encoding: .utf8) { console.out(text + "\n") }
    } else {
      console.out(report(result) + "\n")
    }
    return result.passed ? .success : .failure
  }

  /// The verdict, the failed checks and the largest regions, one per line.
  static func report(_ r: ImageComparison) -> String {
    var lines = [r.passed ? "match (\(r.tier))" : "differ (\(r.tier))"]
    lines += r.failures.map { "  \($0)" }
    lines += r.notes.map { "  note: \($0)" }
    if let a = r.allowance { lines.append("  allowance: \(a) (\(r.measurements.edgePixels) edge pixels)") }
    let d = r.largestDifference
    lines.append("  \(r.differentPixels) of \(r.width * r.height) pixels differ; largest difference r\(d.red) g\(d.green) b\(d.blue) a\(d.alpha)")
    if !r.regions.isEmpty {
      lines.append("  regions: " + r.regions.prefix(5).map(\.description).joined(separator: ", ") + (r.regions.count > 5 ? ", …" : ""))
    }
    return lines.joined(separator: "\n")
  }

  static func listUnused(_ o: Options, console: Console) -> ExitCode {
    let directory = URL(fileURLWithPath: o.files[0]), manifest = URL(fileURLWithPath: o.files[1])
    // A link to a directory is one, as listing it shows; resource values do not follow
    // links on Linux, so the link is resolved first.
    guard (try? directory.resolvingSymlinksInPath().resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true else {
      console.err("strata compare: \(o.files[0]): not a directory\n")
      return .usage
    }
    let unused: [String]
    do {
      unused = try ReferenceAudit.unused(in: directory, manifest: manifest)
    } catch {
      console.err("strata compare: \(o.files[1]): cannot read the manifest (\(error.localizedDescription))\n")
      return .usage
    }
    for path in unused { console.out(path + "\n") }
    return unused.isEmpty ? .success : .failure
  }
}
