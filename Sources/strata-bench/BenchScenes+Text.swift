import Strata

/// TEXT200 (not in `../shared/peers/SCENES.md`): 200 text labels of 24 to 40 characters
/// at 12 to 20 points in DejaVu Sans (installed with fontconfig), a few turned, on the
/// 1920 × 1080 canvas.
extension BenchScenes {
  static func text200() -> BenchScene {
    var rng = SplitMix64(seed: 0x7E47_0200)
    let root = Layer()
    root.bounds = Rect(0, 0, 1920, 1080)
    root.anchorPoint = .zero
    let words = ["quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog", "layer", "text", "Strata", "office"]
    for i in 0..<200 {
      let t = TextLayer()
      var s = "Label \(i):"
      while s.count < 24 + Int(rng.next() % 16) { s += " " + words[Int(rng.next() % UInt64(words.count))] }
      t.string = .plain(s)
      t.font = .named("DejaVu Sans")
      t.fontSize = 12 + Double(rng.next() % 9)
      t.foregroundColor = Color(0.5 + Double(rng.next() % 50) / 100, 0.5 + Double(rng.next() % 50) / 100, 1)
      t.bounds = Rect(0, 0, 360, t.fontSize * 1.3)
      t.position = Point(x: Double(200 + (i % 5) * 380), y: Double(30 + (i / 5) * 26))
      if i % 10 == 9 { t.transform = Transform3D.rotation(0.05, 0, 0, 1) }
      try! root.addSublayer(t)
    }
    return BenchScene(background: Color(0.1, 0.1, 0.12), root: root)
  }
}
