import Foundation
import Strata
import StrataLottie
import StrataRender
import StrataScene
import StrataTestRandom
import Testing

/// The importer on mutations of the corpus samples: numbers made huge, negative, zero or
/// fractional, values of the wrong type, members and array elements dropped, arrays
/// emptied. Each mutant imports with an error, or imports and renders a few frames;
/// nothing traps. Deterministic (SplitMix64) and small enough for every `swift test`.
@Suite struct ImportFuzzTests {
  typealias Random = SplitMix64

  static let extremes: [Double] = [0, -1, 1e300, -1e300, 1e9, 0.5, -0.0001, 3, 10000, 1e-300, 255]

  /// `value` with about one change in `rate` of its nodes.
  static func mutate(_ value: JSONValue, _ g: inout Random, rate: Int) -> JSONValue {
    if g.below(rate) == 0 {
      switch g.below(7) {
      case 0: return .number(extremes[g.below(extremes.count)])
      case 1: return .string("x")
      case 2: return .null
      case 3: return .array([])
      case 4: return .object([])
      case 5: return .bool(true)
      default: break
      }
    }
    switch value {
    case .object(let members):
      var out: [(key: String, value: JSONValue)] = []
      for m in members where g.below(rate * 2) != 0 { out.append((m.key, mutate(m.value, &g, rate: rate))) }
      return .object(out)
    case .array(let items):
      var out: [JSONValue] = []
      for item in items where g.below(rate * 2) != 0 { out.append(mutate(item, &g, rate: rate)) }
      if g.below(rate * 4) == 0, let first = out.first { out.append(first) }  // a repeat (keyframes out of order)
      return .array(out)
    case .number(let v):
      return g.below(rate) == 0 ? .number(v * extremes[g.below(extremes.count)]) : value
    default:
      return value
    }
  }

  static func encode(_ v: JSONValue, into s: inout String) {
    switch v {
    case .object(let members):
      s += "{"
      for (i, m) in members.enumerated() {
        if i > 0 { s += "," }
        encode(.string(m.key), into: &s)
        s += ":"
        encode(m.value, into: &s)
      }
      s += "}"
    case .array(let items):
      s += "["
      for (i, item) in items.enumerated() {
        if i > 0 { s += "," }
        encode(item, into: &s)
      }
      s += "]"
    case .string(let t):
      s += "\"" + t.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    case .number(let n): s += "\(n)"
    case .bool(let b): s += b ? "true" : "false"
    case .null: s += "null"
    }
  }

  /// The smaller samples (embedded images make the big ones slow to mutate).
  static let sources = CorpusImportTests.samples.filter { s in
    let size = (try? FileManager.default.attributesOfItem(atPath: CorpusImportTests.corpus.appendingPathComponent(s.json).path)[.size] as? Int) ?? .max
    return size < 40_000
  }

  @Test(arguments: sources)
  func mutantsNeverTrap(_ s: CorpusImportTests.Sample) throws {
    let bytes = try #require(FileManager.default.contents(atPath: CorpusImportTests.corpus.appendingPathComponent(s.json).path))
    let original = try JSONParser.parse([UInt8](bytes))
    var g = Random(state: UInt64(truncatingIfNeeded: s.name.hashValue & 0) &+ UInt64(s.name.utf8.count) &* 7919)
    var imported = 0, refused = 0
    for _ in 0..<12 {
      var text = ""
      let rate = 40 + g.below(200)
      Self.encode(Self.mutate(original, &g, rate: rate), into: &text)
      do throws(LottieError) {
        let a = try LottieAnimation(bytes: Array(text.utf8), fileName: "mutant.json", baseDirectory: nil)
        imported += 1
        for p in [0.0, 0.37, 1] {
          let layer = a.makeLayer(width: 24, height: 24)
          let list = RenderListCompiler(width: 24, height: 24, scale: 1, background: .clear)
            .compile(layer.snapshot(at: a.time(forFrame: a.frame(forProgress: p))))
          _ = list.commands.count
        }
      } catch {
        refused += 1
        #expect(!error.description.isEmpty)
      }
    }
    #expect(imported + refused == 12)
  }
}
