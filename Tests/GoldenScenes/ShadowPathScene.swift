import Strata
import StrataPath

extension GoldenScenes {
  /// `shadowPath`: the path, not the content, shapes the shadow. A round shadow under a
  /// square card, an L under a checkerboard (whose holes would otherwise show), a contact
  /// shadow (an ellipse below a card, after Apple's example), and a hard-edged star under a
  /// rotated layer (radius 0), which turns with the layer.
  public static func shadowPath() -> GoldenScene {
    let r = root(200, 120, [
      layer(Rect(0, 0, 200, 120), Color(0.94, 0.94, 0.94)),
      layer(Rect(14, 14, 40, 40), .white) { l in
        l.shadowPath = StrataPath.Path(ellipseIn: PathRect(x: 0, y: 0, width: 40, height: 40))
        l.shadowOpacity = 0.7; l.shadowRadius = 6; l.shadowOffset = Size(8, 10)
      },
      layer(Rect(76, 12, 44, 44)) { l in
        l.contents = TestImages.checkerboard(cells: 4, cell: 8, alpha: 200)
        l.shadowPath = try! StrataPath.Path(svgPathData: "M0 0 H16 V28 H44 V44 H0 Z")
        l.shadowOpacity = 0.8; l.shadowRadius = 4; l.shadowOffset = Size(6, 6); l.shadowColor = Color(0.4, 0, 0.4)
      },
      layer(Rect(140, 14, 44, 36), orange) { l in
        l.cornerRadius = 6
        l.shadowPath = StrataPath.Path(ellipseIn: PathRect(x: -4, y: 36, width: 52, height: 10))
        l.shadowOpacity = 0.6; l.shadowRadius = 3; l.shadowOffset = .zero
      },
      layer(Rect(30, 70, 40, 40), blue) { l in
        l.transform = .rotation(0.35, 0, 0, 1)
        l.shadowPath = try! StrataPath.Path(svgPathData: "M20 0 L25 14 L40 15 L28 24 L32 40 L20 31 L8 40 L12 24 L0 15 L15 14 Z")
        l.shadowOpacity = 1; l.shadowRadius = 0; l.shadowOffset = Size(24, 2); l.shadowColor = Color(0.1, 0.5, 0.2)
      },
      // A path larger than the layer, blurred widely, and cut by masksToBounds: seen
      // through the translucent body only.
      layer(Rect(110, 70, 70, 40), Color(0.2, 0.8, 0.4, 0.4)) { l in
        l.masksToBounds = true
        l.shadowPath = StrataPath.Path(rect: PathRect(x: -10, y: -10, width: 90, height: 30))
        l.shadowOpacity = 0.9; l.shadowRadius = 12; l.shadowOffset = Size(0, 12)
      },
    ])
    return GoldenScene(name: "shadow-path", width: 200, height: 120, scale: 1, root: r)
  }
}
