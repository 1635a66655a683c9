import Strata
import StrataCPU
import StrataGoldenScenes
import StrataRender
import Testing

/// The scroll golden's pixels where the scroll rules put them: a scroll layer shows its
/// sublayers shifted by its bounds origin, and masks them to its bounds.
@Suite struct ScrollLayerRenderingTests {
  /// The cell (i, j) colour of `GoldenScenes.scrollKind`, in 8-bit levels.
  static func cell(_ i: Int, _ j: Int) -> [Int] {
    [0.2 + 0.13 * Double(i), 0.3 + 0.1 * Double(j), 0.9 - 0.12 * Double(i + j) / 2].map { Int(($0 * 255).rounded()) } + [255]
  }

  @Test func scrolledSublayersAppearShiftedAndClipped() throws {
    let s = GoldenScenes.scrollKind()
    let list = RenderListCompiler(width: s.width, height: s.height, background: s.background).compile(s.snapshot)
    let px = try CPURenderer().render(list)
    func at(_ x: Int, _ y: Int) -> [Int] { (0..<4).map { Int(px.pixels[(y * px.width + x) * 4 + $0]) } }
    func near(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 1 } }
    // Left, scrolled to (30, 20): cell (i, j) at (8 + 20i − 30, 8 + 20j − 20).
    #expect(near(at(27, 17), Self.cell(2, 1)), "\(at(27, 17))")
    #expect(near(at(9, 9), Self.cell(1, 1)))
    // Cell (5, 1) would reach x 78...96 unclipped; the scroll layer ends at 78.
    #expect(near(at(80, 17), [31, 31, 36, 255]), "\(at(80, 17))")
    // Middle, vertically only, to y 40: cell (0, 2) at (86, 8).
    #expect(near(at(95, 17), Self.cell(0, 2)))
    // Right: the last cell of the scaled container, (150, 150) ... (177, 177) in the
    // scroll layer, brought into view at its bottom-right corner: origin (107, 107).
    #expect(near(at(164 + 70 - 10, 8 + 70 - 10), Self.cell(5, 5)))
  }
}
