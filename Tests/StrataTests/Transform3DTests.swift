import Foundation
import Testing

@testable import Strata

func close(_ a: Double, _ b: Double, _ eps: Double = 1e-9) -> Bool { abs(a - b) <= eps }
func close(_ a: Transform3D, _ b: Transform3D, _ eps: Double = 1e-9) -> Bool {
  zip(a.values, b.values).allSatisfy { close($0, $1, eps) }
}

@Suite struct Transform3DTests {
  @Test func translationLivesInRow4() {
    let t = Transform3D.translation(3, 4, 5)
    #expect(t.m41 == 3 && t.m42 == 4 && t.m43 == 5)
    let p = t.apply(x: 1, y: 2)
    #expect(p.x == 4 && p.y == 6 && p.z == 5 && p.w == 1)
  }

  @Test func rotationAboutZTurnsXTowardsY() {
    // CATransform3DMakeRotation(π/2, 0, 0, 1): m12 = 1, m21 = -1.
    let r = Transform3D.rotation(.pi / 2, 0, 0, 1)
    #expect(close(r.m11, 0) && close(r.m12, 1) && close(r.m21, -1) && close(r.m22, 0))
    let p = r.apply(x: 1, y: 0)
    #expect(close(p.x, 0) && close(p.y, 1))
  }

  @Test func rotationAboutYMatchesCoreAnimation() {
    let a = 0.7
    let r = Transform3D.rotation(a, 0, 1, 0)
    #expect(close(r.m11, cos(a)) && close(r.m13, -sin(a)) && close(r.m31, sin(a)) && close(r.m33, cos(a)))
  }

  @Test func perspectiveSetsM34() {
    #expect(Transform3D.perspective(500).m34 == -1.0 / 500)
    // A point rotated towards the eye grows: w = 1 + x·sinθ/500 with m13 = -sinθ.
    let t = Transform3D.rotation(.pi / 3, 0, 1, 0).concatenating(.perspective(500))
    let p = t.apply(x: -100, y: 0)
    #expect(close(p.w, 1 - 100 * sin(Double.pi / 3) / 500))
  }

  @Test func concatAppliesLeftFirst() {
    let a = Transform3D.translation(10, 0)
    let b = Transform3D.scale(2, 2)
    let p = a.concatenating(b).apply(x: 1, y: 1)
    #expect(p.x == 22 && p.y == 2)
    // CATransform3DTranslate(t, …) puts the translation first.
    let q = b.translated(10, 0).apply(x: 1, y: 1)
    #expect(q.x == 22)
    #expect(b.scaled(3, 3).apply(x: 1, y: 0).x == 6)
    #expect(close(Transform3D.identity.rotated(.pi, 0, 0, 1).apply(x: 1, y: 0).x, -1))
  }

  @Test func inverseUndoesTransform() throws {
    let t = Transform3D.rotation(0.4, 1, 2, 3).concatenating(.translation(5, -7, 2)).concatenating(.perspective(300))
    let inv = try #require(t.inverted)
    #expect(close(t.concatenating(inv), .identity, 1e-12))
    #expect(Transform3D.scale(0, 1).inverted == nil)
  }

  @Test func isAffine() {
    #expect(Transform3D.identity.isAffine)
    #expect(Transform3D.rotation(1, 0, 0, 1).concatenating(.translation(3, 4)).isAffine)
    #expect(!Transform3D.perspective(500).isAffine)
    #expect(!Transform3D.rotation(0.3, 0, 1, 0).isAffine)
    #expect(!Transform3D.translation(0, 0, 1).isAffine)
  }

  @Test func zeroAxisRotationIsIdentity() {
    #expect(Transform3D.rotation(1, 0, 0, 0) == .identity)
  }

  @Test func affineRoundTrip() {
    let a = AffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
    #expect(a.transform3D.affine == a)
    #expect(a.apply(Point(1, 1)) == Point(9, 12))
  }

  @Test func homographyMatchesTransform() throws {
    let t = Transform3D.rotation(0.5, 0, 1, 0).concatenating(.perspective(400)).concatenating(.translation(50, 60))
    let h = Homography(t)
    let p4 = t.apply(x: 20, y: -30)
    let p = try #require(h.apply(Point(20, -30)))
    #expect(close(p.x, p4.x / p4.w) && close(p.y, p4.y / p4.w))
    let back = try #require(h.inverted?.apply(p))
    #expect(close(back.x, 20, 1e-9) && close(back.y, -30, 1e-9))
  }
}

@Suite struct ColorTests {
  @Test func premultiplies() {
    let p = Color(1, 0.5, 0, 0.5).premultiplied
    #expect(p.red == 0.5 && p.green == 0.25 && p.alpha == 0.5)
    #expect(Color(1, 0.5, 0, 0.5).hexString == "#FF800080")
  }

  @Test func imagePremultipliesWithRounding() {
    let img = Image(width: 1, height: 1, straightPixels: [255, 100, 0, 128])
    #expect(img[0, 0] == (128, 50, 0, 128))
    #expect(img.straightPixels == [255, 100, 0, 128])
  }

  @Test func mipmapsHalveDownToOnePixel() {
    let img = Image(width: 8, height: 2, premultipliedPixels: [UInt8](repeating: 200, count: 64))
    #expect(img.mipmaps.map(\.width) == [4, 2, 1])
    #expect(img.mipmaps.map(\.height) == [1, 1, 1])
    #expect(img.mipmaps.last![0, 0] == (200, 200, 200, 200))
  }
}
