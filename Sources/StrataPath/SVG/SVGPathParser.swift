extension Path {
  /// Reads SVG path data (the `d` attribute): `M L H V C S Q T A Z` and their relative
  /// lower-case forms, implicit repeats, and numbers in any form SVG allows (`-.5e-3`,
  /// `1.5.5` as two numbers, flags without separators). Arcs become cubics. An empty string
  /// is the empty path.
  ///
  /// - Throws: `SVGPathError` with the character offset where reading failed and an
  ///   excerpt around it.
  public init(svgPathData data: String) throws(SVGPathError) {
    var parser = SVGPathParser(Array(data.utf8))
    self = try parser.parse()
  }
}

/// A one-pass reader of SVG path data (SVG 2, section 9.3.9 grammar).
struct SVGPathParser {
  private let s: [UInt8]
  private var i = 0
  private var path = Path()
  /// The previous command's second control point (cubic) or control point (quadratic), for
  /// `S` and `T`, which reflect it; nil after any other command.
  private var lastCubicControl: PathPoint? = nil
  private var lastQuadControl: PathPoint? = nil

  init(_ bytes: [UInt8]) { s = bytes }

  mutating func parse() throws(SVGPathError) -> Path {
    skipSpace()
    var command: UInt8? = nil
    while i < s.count {
      let start = i
      let c = s[i]
      if isLetter(c) {
        command = c
        i += 1
      } else if command == nil || !startsNumber(c) {
        throw SVGPathError(.expectedCommand, at: i, in: s)
      } else if command == UInt8(ascii: "z") || command == UInt8(ascii: "Z") {
        // Z takes no arguments, so a number after it cannot repeat it.
        throw SVGPathError(.expectedCommand, at: i, in: s)
      }
      guard let cmd = command else { throw SVGPathError(.expectedCommand, at: start, in: s) }
      if path.isEmpty && cmd != UInt8(ascii: "M") && cmd != UInt8(ascii: "m") {
        throw SVGPathError(isKnown(cmd) ? .expectedMoveFirst : .unknownCommand(Character(Unicode.Scalar(cmd))), at: start, in: s)
      }
      try run(cmd, at: start)
      // After a move, further coordinate pairs are lines (of the same relativity).
      if cmd == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
      if cmd == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
      skipSpace()
      if i < s.count && s[i] == UInt8(ascii: ",") {
        i += 1
        skipSpace()
      }
    }
    return path
  }

  /// Reads one command's arguments (the letter is already read) and adds its element.
  private mutating func run(_ cmd: UInt8, at start: Int) throws(SVGPathError) {
    let relative = cmd >= UInt8(ascii: "a")
    let current = path.currentPoint ?? .zero
    func resolve(_ p: PathPoint) -> PathPoint { relative ? current + p : p }
    var cubicControl: PathPoint? = nil, quadControl: PathPoint? = nil
    switch cmd | 0x20 {  // lower case
    case UInt8(ascii: "m"):
      path.move(to: resolve(try pair()))
    case UInt8(ascii: "l"):
      path.addLine(to: resolve(try pair()))
    case UInt8(ascii: "h"):
      let x = try number()
      path.addLine(to: PathPoint(relative ? current.x + x : x, current.y))
    case UInt8(ascii: "v"):
      let y = try number()
      path.addLine(to: PathPoint(current.x, relative ? current.y + y : y))
    case UInt8(ascii: "c"):
      let c1 = resolve(try pair()), c2 = resolve(try pair()), p = resolve(try pair())
      path.addCurve(to: p, control1: c1, control2: c2)
      cubicControl = c2
    case UInt8(ascii: "s"):
      let c1 = lastCubicControl.map { current * 2 - $0 } ?? current
      let c2 = resolve(try pair()), p = resolve(try pair())
      path.addCurve(to: p, control1: c1, control2: c2)
      cubicControl = c2
    case UInt8(ascii: "q"):
      let c = resolve(try pair()), p = resolve(try pair())
      path.addQuadCurve(to: p, control: c)
      quadControl = c
    case UInt8(ascii: "t"):
      let c = lastQuadControl.map { current * 2 - $0 } ?? current
      let p = resolve(try pair())
      path.addQuadCurve(to: p, control: c)
      quadControl = c
    case UInt8(ascii: "a"):
      let rx = try number(), ry = try number(), angle = try number()
      let large = try flag(), sweep = try flag()
      let p = resolve(try pair())
      path.addEllipticalArc(to: p, radii: PathPoint(rx, ry), rotation: angle * .pi / 180, largeArc: large, sweep: sweep)
    case UInt8(ascii: "z"):
      path.closeSubpath()
    default:
      throw SVGPathError(.unknownCommand(Character(Unicode.Scalar(cmd))), at: start, in: s)
    }
    lastCubicControl = cubicControl
    lastQuadControl = quadControl
  }

  private mutating func pair() throws(SVGPathError) -> PathPoint {
    let x = try number()
    return PathPoint(x, try number())
  }

  /// A number, after optional white space and one optional comma.
  private mutating func number() throws(SVGPathError) -> Double {
    skipSeparator()
    let start = i
    if i < s.count && (s[i] == UInt8(ascii: "+") || s[i] == UInt8(ascii: "-")) { i += 1 }
    let intDigits = digits()
    var fracDigits = 0
    if i < s.count && s[i] == UInt8(ascii: ".") {
      i += 1
      fracDigits = digits()
    }
    guard intDigits + fracDigits > 0 else {
      i = start
      throw SVGPathError(.expectedNumber, at: start, in: s)
    }
    // An exponent only when digits follow: in "1e" or "2em" the letter is not part of it.
    if i < s.count && s[i] | 0x20 == UInt8(ascii: "e") {
      var j = i + 1
      if j < s.count && (s[j] == UInt8(ascii: "+") || s[j] == UInt8(ascii: "-")) { j += 1 }
      if j < s.count && isDigit(s[j]) {
        i = j
        _ = digits()
      }
    }
    guard let v = Double(String(decoding: s[start..<i], as: UTF8.self)) else {
      throw SVGPathError(.expectedNumber, at: start, in: s)
    }
    guard v.isFinite else { throw SVGPathError(.numberOutOfRange, at: start, in: s) }
    return v
  }

  /// An arc flag: one character, `0` or `1`, which needs no separator after it.
  private mutating func flag() throws(SVGPathError) -> Bool {
    skipSeparator()
    guard i < s.count, s[i] == UInt8(ascii: "0") || s[i] == UInt8(ascii: "1") else {
      throw SVGPathError(.expectedFlag, at: i, in: s)
    }
    i += 1
    return s[i - 1] == UInt8(ascii: "1")
  }

  private mutating func digits() -> Int {
    let start = i
    while i < s.count && isDigit(s[i]) { i += 1 }
    return i - start
  }

  private mutating func skipSpace() {
    while i < s.count && (s[i] == 0x20 || s[i] == 0x09 || s[i] == 0x0A || s[i] == 0x0C || s[i] == 0x0D) { i += 1 }
  }

  /// White space, then at most one comma and more white space.
  private mutating func skipSeparator() {
    skipSpace()
    if i < s.count && s[i] == UInt8(ascii: ",") {
      i += 1
      skipSpace()
    }
  }

  private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
  private func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") }
  private func isKnown(_ c: UInt8) -> Bool { "MmLlHhVvCcSsQqTtAaZz".utf8.contains(c) }
  private func startsNumber(_ c: UInt8) -> Bool {
    isDigit(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
  }
}
