import Strata
import StrataRender
import Testing

/// The compile step, checked through the render list's text form.
@Suite struct RenderListTextTests {
  func compile(_ build: (Layer) throws -> Void, width: Int = 200, height: Int = 100, scale: Double = 1) rethrows -> String {
    let root = Layer()
    root.bounds = Rect(0, 0, 200, 100)
    root.anchorPoint = .zero
    try build(root)
    return RenderListCompiler(width: width, height: height, scale: scale, background: Color(0, 0, 0, 1))
      .compile(root.snapshot()).textDescription
  }

  @Test func cardWithBorderContentsAndClip() throws {
    let text = try compile { root in
      let card = Layer(frame: Rect(20, 10, 100, 60))
      card.name = "card"
      card.backgroundColor = Color(1, 0, 0, 1)
      card.cornerRadius = 8
      card.borderWidth = 2
      card.borderColor = Color(1, 1, 1, 0.5)
      card.masksToBounds = true
      card.contents = Image(width: 4, height: 2, premultipliedPixels: [UInt8](repeating: 255, count: 32))
      card.contentsGravity = .resizeAspect
      let child = Layer(frame: Rect(50, 30, 80, 80))
      child.name = "child"
      child.backgroundColor = Color(0, 0, 1, 1)
      child.opacity = 0.5
      try card.addSublayer(child)
      try root.addSublayer(card)
    }
    #expect(text == """
      canvas 200x100 background #000000FF
      clip #0 rect (0 0 100 60) radii 8 8 8 8 map [1 0 20 0 1 10] pixels [19 9 121 71]
      draw "card" background rect (0 0 100 60) rounded 8 8 8 8 solid #FF0000FF map [1 0 20 0 1 10] pixels [20 10 120 70]
      draw "card" contents rect (0 5 100 50) image 4x2 texels [0.04 0 0 0.04 0 -0.2] filter linear/linear clip #0 map [1 0 20 0 1 10] pixels [20 15 120 65]
      draw "child" background rect (0 0 80 80) solid #0000FFFF opacity 0.5 clip #0 map [1 0 70 0 1 40] pixels [70 40 121 71]
      draw "card" border rect (0 0 100 60) ring outer 8 8 8 8 inner (2 2 96 56) 6 6 6 6 solid #80808080 map [1 0 20 0 1 10] pixels [20 10 120 70]

      """)
  }

  @Test func hiddenTransparentAndOffCanvasLayersDrawNothing() {
    let text = compile { root in
      let a = Layer(frame: Rect(0, 0, 10, 10)); a.backgroundColor = .white; a.isHidden = true
      let b = Layer(frame: Rect(0, 0, 10, 10)); b.backgroundColor = .white; b.opacity = 0
      let c = Layer(frame: Rect(500, 0, 10, 10)); c.backgroundColor = .white
      let d = Layer(frame: Rect(0, 0, 10, 10)); d.backgroundColor = .white; d.transform = .scale(0, 1)  // singular
      for l in [a, b, c, d] { try! root.addSublayer(l) }
    }
    #expect(text == "canvas 200x100 background #000000FF\n")
  }

  /// Checked by hand: with c = s = cos 45°, X·W = (2c + 0.4s)·u + 2(100 − 50c − 10s),
  /// Y·W = 0.2s·u + 2v + 50 − 10s, W = 1 + (u − 50)·s/500.
  @Test func perspectiveMapAndScale() {
    let text = compile({ root in
      let l = Layer(frame: Rect(50, 25, 100, 50))
      l.backgroundColor = .white
      l.transform = Transform3D.rotation(.pi / 4, 0, 1, 0).concatenating(.perspective(500))
      try! root.addSublayer(l)
    }, width: 400, height: 200, scale: 2)
    #expect(text == """
      canvas 400x200 background #000000FF
      draw layer background rect (0 0 100 50) solid #FFFFFFFF map [1.697 0 115.147 0.141 2 42.929 0.001 0 0.929] pixels [124 46 266 154]

      """)
  }

  @Test func pixelAlignedClipIsMarked() {
    let text = compile { root in
      let l = Layer(frame: Rect(10, 10, 50, 50))
      l.masksToBounds = true
      let c = Layer(frame: Rect(0, 0, 100, 100)); c.backgroundColor = .white
      try! l.addSublayer(c)
      try! root.addSublayer(l)
    }
    #expect(text.contains("clip #0 rect (0 0 50 50) map [1 0 10 0 1 10] pixels [10 10 60 60] aligned"))
    #expect(text.contains("clip #0 map [1 0 10 0 1 10] pixels [10 10 60 60]"))
  }
}
