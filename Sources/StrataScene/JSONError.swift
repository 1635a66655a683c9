/// JSON text that could not be parsed, with the 1-based line and column of the problem.
public struct JSONError: Error, Equatable, CustomStringConvertible {
  public var line: Int
  /// Counted in Unicode scalars, so a column matches what an editor shows for UTF-8 text.
  public var column: Int
  /// Where in the document the problem is. Set for errors about well-formed text (a
  /// duplicate key); empty for malformed text, where the position says more.
  public var path: String
  public var message: String

  public init(line: Int, column: Int, path: String = "", message: String) {
    self.line = line
    self.column = column
    self.path = path
    self.message = message
  }

  /// `3:14: expected ',' or '}' after an object member, found ']'`.
  public var description: String {
    "\(line):\(column): " + (path.isEmpty ? "" : path + ": ") + message
  }

  /// The line and column of byte `offset` in `bytes`.
  static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    var line = 1, column = 1
    for b in bytes[..<min(offset, bytes.count)] {
      if b == 0x0A {
        line += 1
        column = 1
      } else if b & 0xC0 != 0x80 {  // continuation bytes belong to the previous scalar
        column += 1
      }
    }
    return (line, column)
  }
}
