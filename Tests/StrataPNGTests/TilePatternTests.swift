import Strata
import StrataPNG
import Testing

/// Tile patterns: names made from them, and the tile an output path would overwrite read
/// back from its spelling.
@Suite struct TilePatternTests {
  @Test func namesAndIndicesRoundTrip() throws {
    let p = try TilePattern("map/tiles/{level}/{col}_{row}.png")
    let t = TileIndex(level: 3, column: 12, row: 7)
    #expect(p.name(for: t) == "map/tiles/3/12_7.png")
    #expect(p.index(matchingEndOf: "map/tiles/3/12_7.png") == t)
    #expect(p.index(matchingEndOf: "/work/x/Examples/map/tiles/3/12_7.png") == t)
    #expect(p.index(matchingEndOf: "./elsewhere/tiles/3/12_7.png") == t)  // the directories before may differ
    #expect(p.index(matchingEndOf: "map/tiles/3/12_7.png.bak") == nil)
    #expect(p.index(matchingEndOf: "map/tiles/3/12-7.png") == nil)
    #expect(p.index(matchingEndOf: "out.png") == nil)
    // Repeated placeholders must agree; a pattern may start with one.
    let q = try TilePattern("{level}/{level}-{col}x{row}.png")
    #expect(q.index(matchingEndOf: "a/2/2-10x11.png") == TileIndex(level: 2, column: 10, row: 11))
    #expect(q.index(matchingEndOf: "a/2/3-10x11.png") == nil)
    #expect(q.name(for: TileIndex(level: 1, column: 0, row: 5)) == "1/1-0x5.png")
  }
}
