import StrataPath
import Testing

@Suite struct MaskKeyTests {
  let path = Path(ellipseIn: PathRect(x: 0, y: 0, width: 30, height: 20))

  @Test func aLayerMovedByWholePixelsKeepsItsKeyAndItsMaskMoves() {
    let style = MaskKey.Style.stroke(StrokeStyle(lineWidth: 3))
    let t = PathTransform(scaleX: 2, y: 2)
    let (k1, o1) = MaskKey.placed(path: path, transform: t.concatenating(PathTransform(translationX: 10.25, y: 3.5)), style: style)
    let (k2, o2) = MaskKey.placed(path: path, transform: t.concatenating(PathTransform(translationX: 47.25, y: -8.5)), style: style)
    #expect(k1 == k2 && k1.hashValue == k2.hashValue)
    #expect(o1 == PixelOffset(dx: 10, dy: 3) && o2 == PixelOffset(dx: 47, dy: -9))
    var r = Rasterizer()
    let clip = PixelRect(x: -256, y: -256, width: 512, height: 512)
    let cached = r.mask(for: k1, clip: clip)
    let direct = r.stroke(
      path, style: StrokeStyle(lineWidth: 3), transform: t.concatenating(PathTransform(translationX: 47.25, y: -8.5)),
      clip: clip)
    #expect(cached.translated(by: o2) == direct)
  }

  @Test func anythingElseMakesADifferentKey() {
    let base = MaskKey(path: path, transform: .identity, style: .fill(.nonZero))
    #expect(base != MaskKey(path: path, transform: .identity, style: .fill(.evenOdd)))
    #expect(base != MaskKey(path: path, transform: PathTransform(translationX: 0.5, y: 0), style: .fill(.nonZero)))
    var moved = path
    moved.addLine(to: PathPoint(1, 1))
    #expect(base != MaskKey(path: moved, transform: .identity, style: .fill(.nonZero)))
    #expect(
      MaskKey(path: path, transform: .identity, style: .stroke(StrokeStyle(lineWidth: 1)))
        != MaskKey(path: path, transform: .identity, style: .stroke(StrokeStyle(lineWidth: 1, strokeEnd: 0.5))))
    #expect(Set([base, MaskKey(path: path, transform: .identity, style: .fill(.nonZero))]).count == 1)
  }
}
