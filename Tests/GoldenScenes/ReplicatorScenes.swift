import Foundation
import Strata
import StrataPath

/// Golden scenes of `ReplicatorLayer`.
extension GoldenScenes {
  /// Left: a spinner, twelve copies of a dot turned 30° each about the replicator's centre,
  /// fading by 1/12 a copy (path masks under rotation, copy alpha). Right: a 3 × 3 grid
  /// from two nested replicators of a gradient tile with a rounded border, the rows losing
  /// red and the columns losing green (copy colours on gradients and borders, clamped).
  public static func replicatorKind() -> GoldenScene {
    let dot = ShapeLayer(frame: Rect(34, 4, 12, 12))
    dot.path = StrataPath.Path(ellipseIn: PathRect(x: 0, y: 0, width: 12, height: 12))
    dot.fillColor = Color(1, 1, 1)
    let spinner = ReplicatorLayer(frame: Rect(0, 0, 80, 80))
    spinner.instanceCount = 12
    spinner.instanceTransform = .rotation(.pi / 6, 0, 0, 1)
    spinner.instanceAlphaOffset = -1.0 / 12
    try! spinner.addSublayer(dot)

    let tile = GradientLayer(frame: Rect(4, 4, 20, 20))
    tile.colors = [Color(1, 1, 1), blue]
    tile.cornerRadius = 4
    tile.borderWidth = 2
    tile.borderColor = Color(1, 1, 0.6)
    let row = ReplicatorLayer(frame: Rect(0, 0, 80, 80))
    row.instanceCount = 3
    row.instanceTransform = .translation(25, 0)
    row.instanceGreenOffset = -0.6
    try! row.addSublayer(tile)
    let grid = ReplicatorLayer(frame: Rect(80, 0, 80, 80))
    grid.instanceCount = 3
    grid.instanceTransform = .translation(0, 25)
    grid.instanceRedOffset = -0.4
    try! grid.addSublayer(row)
    return GoldenScene(name: "kind-replicator", width: 160, height: 80, scale: 1, root: root(160, 80, [spinner, grid]))
  }
}
