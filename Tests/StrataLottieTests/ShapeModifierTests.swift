import Foundation
import Strata
import StrataLottie
import Testing

/// Merge paths, offset paths, pucker and bloat and zig-zag, each checked by pixels that
/// follow from the modifier's definition, and each failing without it (the probe without
/// the modifier is checked too).
@Suite struct ShapeModifierTests {
  typealias S = ShapeFidelityTests

  static func rect(_ x: Double, _ y: Double, _ size: Double, reversed: Bool = false) -> String {
    #"{"ty": "rc", "d": \#(reversed ? 3 : 1), "p": {"a": 0, "k": [\#(x), \#(y)]}, "s": {"a": 0, "k": [\#(size), \#(size)]}, "r": {"a": 0, "k": 0}}"#
  }
  static let green = #"{"ty": "fl", "c": {"a": 0, "k": [0, 1, 0, 1]}, "o": {"a": 0, "k": 100}}"#
  static let greenEvenOdd = #"{"ty": "fl", "c": {"a": 0, "k": [0, 1, 0, 1]}, "o": {"a": 0, "k": 100}, "r": 2}"#
  static let red = #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}"#
  static func merge(_ mode: Int) -> String { #"{"ty": "mm", "mm": \#(mode)}"# }

  static func layer(_ items: [String]) -> String { S.shapeLayer(items.joined(separator: ",")) }

  /// Whether the pixel at (x, y) is opaque green.
  static func isGreen(_ items: [String], frame: Double = 0, _ x: Int, _ y: Int) throws -> Bool {
    try S.pixel(layer(items), frame: frame, x, y) == (0, 255, 0, 255)
  }

  static func isEmpty(_ items: [String], frame: Double = 0, _ x: Int, _ y: Int) throws -> Bool {
    try S.pixel(layer(items), frame: frame, x, y).3 == 0
  }

  static func warnings(_ items: [String]) throws -> [String] {
    try Lottie.load(layer(items)).warnings.map { "\($0)" }
  }

  // MARK: Merge paths

  static let big = rect(50, 50, 60), small = rect(50, 50, 20)

  /// Subtract: a 20-point square out of a 60-point one leaves a hole in the middle and the
  /// ring filled. Merged as drawn together (mode 1), the nonzero fill covers the middle.
  @Test func subtractCutsAHole() throws {
    let items = [Self.big, Self.small, Self.merge(3), Self.green]
    #expect(try Self.warnings(items).isEmpty)
    #expect(try Self.isEmpty(items, 50, 50) && Self.isEmpty(items, 42, 57))
    #expect(try Self.isGreen(items, 25, 25) && Self.isGreen(items, 37, 50) && Self.isGreen(items, 75, 75))
    #expect(try Self.isGreen([Self.big, Self.small, Self.merge(1), Self.green], 50, 50))
  }

  /// The first path is the one subtracted from, whatever the drawing order: the small
  /// square less the big one is nothing.
  @Test func subtractKeepsTheFirstPathsOrder() throws {
    let items = [Self.small, Self.big, Self.merge(3), Self.green]
    #expect(try Self.isEmpty(items, 50, 50) && Self.isEmpty(items, 25, 25))
  }

  static let left = rect(40, 40, 40), right = rect(60, 60, 40)

  /// Add: two squares overlapping over 40...60 become one region, which even-odd fills
  /// whole; drawn together, even-odd leaves the overlap empty.
  @Test func addJoinsOverlaps() throws {
    let items = [Self.left, Self.right, Self.merge(2), Self.greenEvenOdd]
    #expect(try Self.isGreen(items, 50, 50) && Self.isGreen(items, 30, 30) && Self.isGreen(items, 70, 70))
    #expect(try Self.isEmpty(items, 30, 70) && Self.isEmpty(items, 70, 30))
    #expect(try Self.isEmpty([Self.left, Self.right, Self.greenEvenOdd], 50, 50))
  }

  /// Intersect keeps the overlap only; exclude keeps all but the overlap (which a nonzero
  /// fill of the two would cover).
  @Test func intersectAndExclude() throws {
    let intersect = [Self.left, Self.right, Self.merge(4), Self.green]
    #expect(try Self.isGreen(intersect, 50, 50) && Self.isEmpty(intersect, 30, 30) && Self.isEmpty(intersect, 70, 70))
    let exclude = [Self.left, Self.right, Self.merge(5), Self.green]
    #expect(try Self.isEmpty(exclude, 50, 50) && Self.isGreen(exclude, 30, 30) && Self.isGreen(exclude, 70, 70))
    #expect(try Self.isGreen([Self.left, Self.right, Self.green], 50, 50))
  }

  /// A style before the merge draws nothing (its paths are merged away, as in After
  /// Effects and Skottie); one after it draws the merged path, and paths after the merge
  /// are drawn with it.
  @Test func stylesBeforeAMergeDrawNothing() throws {
    let items = [Self.big, Self.small, Self.red, Self.merge(3), Self.rect(50, 50, 6), Self.green]
    #expect(try Self.isGreen(items, 25, 25))
    #expect(try Self.isEmpty(items, 45, 45))
    #expect(try Self.isGreen(items, 50, 50))
  }

  /// A merge in a group combines the group's paths for a style outside it, in the group's
  /// coordinates (here moved 10 points right).
  @Test func mergeInAGroup() throws {
    let tr = #"{"ty": "tr", "p": {"a": 0, "k": [10, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}"#
    let group = #"{"ty": "gr", "it": [\#(Self.big), \#(Self.small), \#(Self.merge(3)), \#(tr)]}"#
    let items = [group, Self.green]
    #expect(try Self.isEmpty(items, 60, 50))
    #expect(try Self.isGreen(items, 40, 50) && Self.isGreen(items, 85, 50))
    #expect(try Self.isEmpty(items, 25, 50))
  }

  // MARK: Offset paths

  static func offset(_ amount: Double, join: Int = 1, miterLimit: String = #"{"a": 0, "k": 4}"#) -> String {
    #"{"ty": "op", "a": {"a": 0, "k": \#(amount)}, "lj": \#(join), "ml": \#(miterLimit)}"#
  }
  static let square40 = rect(50, 50, 40)

  /// +10 grows the 40-point square (30...70) by a 10-point band to 20...80, with square
  /// corners under a miter join.
  @Test func offsetGrows() throws {
    let items = [Self.square40, Self.offset(10), Self.green]
    #expect(try Self.warnings(items).isEmpty)
    #expect(try Self.isGreen(items, 21, 21) && Self.isGreen(items, 50, 22) && Self.isGreen(items, 50, 50))
    #expect(try Self.isEmpty(items, 18, 50) && Self.isEmpty(items, 18, 18))
    #expect(try Self.isEmpty([Self.square40, Self.green], 25, 25))
  }

  /// A round join rounds the grown corners: (21, 21) is 12.7 from the corner (30, 30).
  @Test func offsetWithRoundJoins() throws {
    let items = [Self.square40, Self.offset(10, join: 2), Self.green]
    #expect(try Self.isEmpty(items, 21, 21))
    #expect(try Self.isGreen(items, 24, 24) && Self.isGreen(items, 21, 50))
  }

  /// A miter limit below √2 bevels the square's corners (a miter there is √2 widths long);
  /// a plain number is read as well as an animated property.
  @Test func offsetMiterLimit() throws {
    let items = [Self.square40, Self.offset(10, miterLimit: "1.2"), Self.green]
    #expect(try Self.warnings(items).isEmpty)
    #expect(try Self.isEmpty(items, 22, 22))
    #expect(try Self.isGreen(items, 27, 27) && Self.isGreen(items, 21, 50))
  }

  /// −10 shrinks it to 40...60; whichever way the path runs.
  @Test func offsetShrinks() throws {
    for reversed in [false, true] {
      let items = [Self.rect(50, 50, 40, reversed: reversed), Self.offset(-10), Self.green]
      #expect(try Self.isEmpty(items, 35, 35) && Self.isEmpty(items, 50, 37))
      #expect(try Self.isGreen(items, 42, 42) && Self.isGreen(items, 50, 50))
    }
  }

  /// A stroke after an offset strokes the offset outline.
  @Test func offsetIsStroked() throws {
    let stroke = #"{"ty": "st", "c": {"a": 0, "k": [0, 1, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 4}, "lc": 1, "lj": 1}"#
    let items = [Self.square40, Self.offset(10), stroke]
    #expect(try Self.isGreen(items, 50, 20) && Self.isGreen(items, 80, 50))
    #expect(try Self.isEmpty(items, 50, 30) && Self.isEmpty(items, 50, 50))
  }

  // MARK: Pucker and bloat

  static func puckerBloat(_ amount: String) -> String { #"{"ty": "pb", "a": \#(amount)}"# }

  /// −100% (pucker) on the 60-point square (20...80) sends the vertices out to twice
  /// their distance from the centre and every tangent to the centre: the top edge's middle
  /// comes in to (50, 35), so (50, 25), inside the square, is outside the shape.
  @Test func puckerPullsEdgesIn() throws {
    let items = [Self.big, Self.puckerBloat(#"{"a": 0, "k": -100}"#), Self.green]
    #expect(try Self.warnings(items).isEmpty)
    #expect(try Self.isEmpty(items, 50, 25) && Self.isEmpty(items, 25, 50))
    #expect(try Self.isGreen(items, 50, 40) && Self.isGreen(items, 50, 50))
    #expect(try Self.isGreen([Self.big, Self.green], 50, 25))
  }

  /// +100% (bloat) sends the vertices to the centre and the tangents out to (−10, −10) and
  /// so on: each edge becomes a petal whose tip is at (50, 5), and the corners are empty.
  @Test func bloatPushesEdgesOut() throws {
    let items = [Self.big, Self.puckerBloat(#"{"a": 0, "k": 100}"#), Self.green]
    #expect(try Self.isGreen(items, 50, 10) && Self.isGreen(items, 90, 50) && Self.isGreen(items, 50, 30))
    #expect(try Self.isEmpty(items, 22, 22) && Self.isEmpty(items, 78, 78))
    #expect(try Self.isEmpty([Self.big, Self.green], 50, 10))
  }

  /// An animated amount: unchanged at 0%, puckered at −100%.
  @Test func animatedPucker() throws {
    let amount = #"{"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [-100]}]}"#
    let items = [Self.big, Self.puckerBloat(amount), Self.green]
    #expect(try Self.isGreen(items, frame: 0, 50, 25))
    #expect(try Self.isEmpty(items, frame: 10, 50, 25))
  }

  // MARK: Zig-zag

  static func zigZag(ridges: Int, size: Double, points: Int) -> String {
    #"{"ty": "zz", "r": {"a": 0, "k": \#(ridges)}, "s": {"a": 0, "k": \#(size)}, "pt": {"a": 0, "k": \#(points)}}"#
  }

  /// One ridge per edge, 10 points: each edge's middle goes out 10 points (to (90, 50) on
  /// the right edge) and each corner 10 points in along the diagonal (to (27.1, 27.1)).
  @Test(arguments: [1, 2])
  func zigZagRidges(_ points: Int) throws {
    let items = [Self.big, Self.zigZag(ridges: 1, size: 10, points: points), Self.green]
    #expect(try Self.warnings(items).isEmpty)
    #expect(try Self.isGreen(items, 85, 50) && Self.isGreen(items, 50, 85) && Self.isGreen(items, 15, 50) && Self.isGreen(items, 50, 15))
    #expect(try Self.isEmpty(items, 23, 23) && Self.isEmpty(items, 77, 77))
    #expect(try Self.isEmpty([Self.big, Self.green], 85, 50))
  }

  // MARK: Hostile values

  /// Huge, tiny and overflowing amounts in every modifier, in chains with merges: the file
  /// imports and renders (amounts are limited, and a boolean that refuses its input leaves
  /// the paths as they were), and nothing traps.
  @Test func extremeValuesDoNotTrap() throws {
    let modifiers = [
      Self.offset(1e7), Self.offset(-1e7), Self.offset(1e-9), Self.offset(1e200),
      Self.zigZag(ridges: 1_000_000_000, size: 10, points: 2), Self.zigZag(ridges: 3, size: 1e300, points: 2), Self.zigZag(ridges: -5, size: 10, points: 1),
      Self.puckerBloat(#"{"a": 0, "k": 1e300}"#), Self.puckerBloat(#"{"a": 0, "k": -1e-300}"#), Self.merge(2), Self.merge(5),
      Self.merge(9),
    ]
    for (k, m) in modifiers.enumerated() {
      let chain = [Self.big, Self.small, m, modifiers[(k + 3) % modifiers.count], Self.merge(3), Self.green]
      _ = try Lottie.render(try Lottie.load(Self.layer(chain)), frame: 0)
    }
  }

  /// Twist is still warned about.
  @Test func twistIsWarnedAbout() throws {
    let warnings = try Self.warnings([Self.big, #"{"ty": "tw", "a": {"a": 0, "k": 30}}"#, Self.green])
    #expect(warnings.contains { $0.contains("\"tw\"") })
  }
}
