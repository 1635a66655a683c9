import Foundation
import Strata

/// Golden scenes of `TransformLayer` and 3D sorting.
extension GoldenScenes {
  /// Left: a cube of six faces (each with a border and a white sublayer) in nested
  /// transform layers, turned so that three faces show, under perspective: faces in depth
  /// order whatever the document order. Right: two translucent planes crossing in an X, each
  /// with a white bar across it: both are cut where they meet (sublayers too), and the four
  /// halves are drawn back to front.
  public static func transformKind() -> GoldenScene {
    let stage = Layer(frame: Rect(0, 0, 160, 100))
    stage.sublayerTransform = .perspective(250)

    let tilt = TransformLayer()
    tilt.bounds = Rect(0, 0, 50, 50)
    tilt.position = Point(x: 45, y: 50)
    tilt.transform = .rotation(-0.45, 1, 0, 0)
    let cube = TransformLayer()
    cube.bounds = Rect(0, 0, 50, 50)
    cube.position = Point(x: 25, y: 25)
    cube.transform = .rotation(0.6, 0, 1, 0)
    let r = Transform3D.rotation
    let faces: [(Color, Transform3D)] = [
      (Color(1, 0.27, 0.23), .translation(0, 0, 25)),
      (Color(0.19, 0.82, 0.35), r(.pi, 0, 1, 0).concatenating(.translation(0, 0, -25))),
      (Color(0.04, 0.52, 1), r(.pi / 2, 0, 1, 0).concatenating(.translation(25, 0, 0))),
      (Color(1, 0.84, 0.04), r(-.pi / 2, 0, 1, 0).concatenating(.translation(-25, 0, 0))),
      (Color(0.75, 0.35, 0.95), r(.pi / 2, 1, 0, 0).concatenating(.translation(0, -25, 0))),
      (Color(1, 0.62, 0.04), r(-.pi / 2, 1, 0, 0).concatenating(.translation(0, 25, 0))),
    ]
    // The far faces first in the document: the order on screen must come from depth.
    for (color, place) in faces.reversed() {
      let f = Layer()
      f.bounds = Rect(0, 0, 50, 50)
      f.position = Point(x: 25, y: 25)
      f.transform = place
      f.backgroundColor = color
      f.borderWidth = 2
      f.borderColor = .white
      let dot = Layer(frame: Rect(17, 17, 16, 16))
      dot.cornerRadius = 8
      dot.backgroundColor = .white
      try! f.addSublayer(dot)
      try! cube.addSublayer(f)
    }
    try! tilt.addSublayer(cube)

    let cross = TransformLayer()
    cross.bounds = Rect(0, 0, 60, 46)
    cross.position = Point(x: 118, y: 50)
    cross.transform = .rotation(-0.3, 1, 0, 0)
    for (color, angle, barY) in [(Color(1, 0.27, 0.23), 0.6, 6.0), (Color(0.04, 0.52, 1), -0.6, 34.0)] {
      let p = Layer(frame: Rect(0, 0, 60, 46))
      p.backgroundColor = color
      p.opacity = 0.7
      p.cornerRadius = 4
      p.transform = .rotation(angle, 0, 1, 0)
      let bar = Layer(frame: Rect(5, barY, 50, 6))
      bar.cornerRadius = 3
      bar.backgroundColor = .white
      try! p.addSublayer(bar)
      try! cross.addSublayer(p)
    }
    try! stage.addSublayer(tilt)
    try! stage.addSublayer(cross)
    return GoldenScene(name: "kind-transform", width: 160, height: 100, scale: 1, root: root(160, 100, [stage]))
  }
}
