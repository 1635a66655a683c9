import StrataScene

extension FuzzJSON {
  /// A scene file read back (a saved disagreement, to run or reduce again), with the
  /// scene loader's own parser.
  public init(parsing text: String) throws(JSONError) {
    self.init(try JSONParser.parse(text))
  }

  init(_ v: JSONValue) {
    switch v {
    case .object(let m): self = .object(m.map { ($0.key, FuzzJSON($0.value)) })
    case .array(let a): self = .array(a.map(FuzzJSON.init))
    case .string(let s): self = .string(s)
    case .number(let n): self = .number(n)
    case .bool(let b): self = .bool(b)
    case .null: self = .null
    }
  }
}
