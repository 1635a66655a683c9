import Foundation
import Strata
import StrataScene
import Testing

/// Valid scene files build the tree and property values they describe.
struct SceneLoaderTests {
  @Test func canvasAndRoot() throws {
    let scene = try loadScene(#"{"width": 320, "height": 200}"#)
    #expect(scene.width == 320 && scene.height == 200 && scene.scale == 1)
    #expect(scene.background == .clear)
    #expect(scene.fileName == "scene.json")
    #expect(scene.root.bounds == Rect(0, 0, 320, 200))
    #expect(scene.root.anchorPoint == .zero && scene.root.position == .zero)
    #expect(scene.root.frame == Rect(0, 0, 320, 200))
    #expect(scene.layers.isEmpty)
  }

  @Test func buildsTheTreeInOrder() throws {
    let scene = try loadScene(#"""
      {"width": 100, "height": 100, "scale": 2, "background": "#102030",
       "layers": [
         {"name": "a", "sublayers": [{"name": "a1"}, {"name": "a2", "sublayers": [{"name": "a2x"}]}]},
         {"name": "b", "mask": {"name": "b-mask", "backgroundColor": [0, 0, 0]}}
       ]}
      """#)
    #expect(scene.scale == 2 && scene.pixelWidth == 200)
    #expect(scene.background == Color(r8: 0x10, g8: 0x20, b8: 0x30))
    #expect(scene.layers.map(\.name) == ["a", "b"])
    #expect(scene.layers[0].sublayers.map(\.name) == ["a1", "a2"])
    #expect(scene.layers[0].sublayers[1].sublayers[0].name == "a2x")
    #expect(scene.layers[0].superlayer === scene.root)
    #expect(scene.layers[1].mask?.name == "b-mask")
    #expect(scene.layers[1].mask?.backgroundColor == Color(0, 0, 0, 1))
  }

  @Test func setsEveryProperty() throws {
    let l = try loadScene(#"""
      {"width": 100, "height": 100, "layers": [{
        "type": "layer", "bounds": [1, 2, 30, 40], "position": [50, 60], "zPosition": 3,
        "anchorPoint": [0, 1], "anchorPointZ": 4, "hidden": true, "opacity": 0.25,
        "doubleSided": false, "isGeometryFlipped": true, "masksToBounds": true,
        "backgroundColor": "#F008", "cornerRadius": 5, "maskedCorners": ["minXMinY", "layerMaxXMaxYCorner"],
        "cornerCurve": "continuous", "borderWidth": 2, "borderColor": [0, 0.5, 1, 0.5],
        "contentsGravity": "bottomLeft", "contentsRect": [0, 0, 0.5, 0.5], "contentsCenter": [0.25, 0.25, 0.5, 0.5],
        "contentsScale": 2, "minificationFilter": "trilinear", "magnificationFilter": "nearest",
        "minificationFilterBias": -0.5, "shadowColor": "#00FF00", "shadowOpacity": 0.5,
        "shadowOffset": [3, 4], "shadowRadius": 6, "shouldRasterize": true, "rasterizationScale": 2,
        "allowsGroupOpacity": false, "allowsEdgeAntialiasing": true, "edgeAntialiasingMask": ["left", "top"],
        "compositingFilter": "multiplyBlendMode", "sublayerTransform": [{"perspective": 500}]
      }]}
      """#).layers[0]
    #expect(l.bounds == Rect(1, 2, 30, 40) && l.position == Point(50, 60) && l.zPosition == 3)
    #expect(l.anchorPoint == Point(0, 1) && l.anchorPointZ == 4)
    #expect(l.isHidden && l.opacity == 0.25 && !l.isDoubleSided && l.isGeometryFlipped && l.masksToBounds)
    #expect(l.backgroundColor == Color(r8: 255, g8: 0, b8: 0, a8: 0x88))
    #expect(l.cornerRadius == 5 && l.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMaxYCorner])
    #expect(l.cornerCurve == .continuous && l.borderWidth == 2 && l.borderColor == Color(0, 0.5, 1, 0.5))
    #expect(l.contentsGravity == .bottomLeft && l.contentsRect == Rect(0, 0, 0.5, 0.5))
    #expect(l.contentsCenter == Rect(0.25, 0.25, 0.5, 0.5) && l.contentsScale == 2)
    #expect(l.minificationFilter == .trilinear && l.magnificationFilter == .nearest && l.minificationFilterBias == -0.5)
    #expect(l.shadowColor == Color(0, 1, 0) && l.shadowOpacity == 0.5 && l.shadowOffset == Size(3, 4) && l.shadowRadius == 6)
    #expect(l.shouldRasterize && l.rasterizationScale == 2 && !l.allowsGroupOpacity && l.allowsEdgeAntialiasing)
    #expect(l.edgeAntialiasingMask == [.layerLeftEdge, .layerTopEdge])
    #expect(l.compositingFilter == .multiplyBlendMode)
    #expect(l.sublayerTransform.m34 == -1.0 / 500)
  }

  @Test func frameUsesTheAnchorPointWhateverTheKeyOrder() throws {
    let scene = try loadScene(#"""
      {"width": 100, "height": 100, "layers": [
        {"frame": [10, 20, 40, 30], "anchorPoint": [0, 0]},
        {"anchorPoint": [1, 1], "frame": [10, 20, 40, 30]},
        {"frame": [10, 20, 40, 30]}
      ]}
      """#)
    #expect(scene.layers.map(\.position) == [Point(10, 20), Point(50, 50), Point(30, 35)])
    #expect(scene.layers.allSatisfy { $0.bounds == Rect(0, 0, 40, 30) && $0.frame == Rect(10, 20, 40, 30) })
  }

  @Test func transformStepsApplyInTheOrderWritten() throws {
    let scene = try loadScene(#"""
      {"width": 100, "height": 100, "layers": [
        {"transform": [{"translate": [10, 0]}, {"rotate": "90deg"}]},
        {"transform": [{"rotate": 1.5707963267948966}, {"translate": [10, 0]}]},
        {"transform": [{"scale": 2}, {"scale": [1, 3, 4]}, {"translate": [1, 2, 3]}]},
        {"transform": [{"rotate": ["180deg", 1, 0, 0]}]},
        {"transform": [1, 0, 0, 0,  0, 1, 0, 0,  0, 0, 1, -0.002,  5, 6, 7, 1]},
        {"transform": []}
      ]}
      """#)
    let t = scene.layers.map(\.transform)
    // Translate first, then rotate +90° (x towards y): (0, 0) -> (10, 0) -> (0, 10).
    let p0 = t[0].apply(x: 0, y: 0)
    #expect(abs(p0.x) < 1e-12 && abs(p0.y - 10) < 1e-12)
    // Rotate first, then translate: (0, 0) stays, then moves to (10, 0).
    let p1 = t[1].apply(x: 0, y: 0)
    #expect(abs(p1.x - 10) < 1e-12 && abs(p1.y) < 1e-12)
    #expect(t[2] == Transform3D.scale(2, 2, 1).concatenating(.scale(1, 3, 4)).concatenating(.translation(1, 2, 3)))
    #expect(abs(t[3].m22 + 1) < 1e-12 && abs(t[3].m33 + 1) < 1e-12)
    #expect(t[4].values == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 5, 6, 7, 1])
    #expect(t[5].isIdentity)
  }

  @Test(arguments: [
    ("\"#FFF\"", Color(1, 1, 1, 1)), ("\"#0F08\"", Color(r8: 0, g8: 255, b8: 0, a8: 0x88)),
    ("\"#336699\"", Color(r8: 0x33, g8: 0x66, b8: 0x99)), ("\"#33669980\"", Color(r8: 0x33, g8: 0x66, b8: 0x99, a8: 0x80)),
    ("[0.5, 0.25, 1]", Color(0.5, 0.25, 1, 1)), ("[0, 0, 0, 0]", Color.clear),
  ])
  func colours(json: String, expected: Color) throws {
    let scene = try loadScene(#"{"width": 1, "height": 1, "background": \#(json)}"#)
    #expect(scene.background == expected)
  }

  @Test func nullResetsOptionalProperties() throws {
    let l = try loadScene(#"""
      {"width": 1, "height": 1, "layers": [{"name": null, "backgroundColor": null, "compositingFilter": null, "mask": null, "contents": null}]}
      """#).layers[0]
    #expect(l.name == nil && l.backgroundColor == nil && l.compositingFilter == nil && l.mask == nil && l.contents == nil)
  }

  @Test func allGravitiesAndEmptyMasks() throws {
    for gravity in ContentsGravity.allCases {
      let l = try loadScene(#"{"width": 1, "height": 1, "layers": [{"contentsGravity": "\#(gravity.rawValue)", "maskedCorners": [], "edgeAntialiasingMask": []}]}"#).layers[0]
      #expect(l.contentsGravity == gravity && l.maskedCorners.isEmpty && l.edgeAntialiasingMask.isEmpty)
    }
  }
}

/// What `SceneLoader.load(path:)` says about paths that are not scene files.
@Suite struct SceneLoaderPathTests {
  /// A directory, named directly or through a symbolic link, is "a directory", not an
  /// unreadable file.
  @Test func aDirectoryOrALinkToOneIsADirectory() throws {
    let fm = FileManager.default
    let dir = fm.temporaryDirectory.appendingPathComponent("strata-scene-\(UUID().uuidString)")
    try fm.createDirectory(at: dir.appendingPathComponent("real"), withIntermediateDirectories: true)
    defer { try? fm.removeItem(at: dir) }
    let link = dir.appendingPathComponent("link")
    try fm.createSymbolicLink(at: link, withDestinationURL: dir.appendingPathComponent("real"))
    for path in [dir.appendingPathComponent("real").path, link.path] {
      #expect(throws: SceneError(file: path, path: "", message: "is a directory")) { try SceneLoader.load(path: path) }
    }
  }
}
