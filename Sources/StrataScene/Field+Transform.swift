import Foundation
import Strata

extension Field {
  static let transformSteps = ["translate", "scale", "rotate", "perspective"]

  /// A `Transform3D`: either 16 numbers in `CATransform3D` order (`m11, m12, … m44`), or a
  /// list of steps applied in the order written.
  ///
  /// "In the order written" means the first step moves the layer's points first: the
  /// result is `step1.concatenating(step2).concatenating(step3)…`, which is
  /// `CATransform3DConcat(CATransform3DConcat(step1, step2), step3)`. With row vectors,
  /// `p' = p · step1 · step2 · step3`. So `[{"translate": [10, 0]}, {"rotate": "90deg"}]` moves a
  /// point 10 right and then turns it about the anchor point, ending 10 below it.
  /// An empty list is the identity.
  func transform() throws(SceneError) -> Transform3D {
    guard case .array = value else {
      throw typeError(#"16 numbers or a list of steps such as [{"rotate": "45deg"}]"#)
    }
    let items = try array()
    var result = Transform3D.identity
    if let first = items.first, case .number = first.value {
      guard items.count == 16 else {
        throw error("a matrix needs 16 numbers (m11 … m44), got \(items.count)")
      }
      var v: [Double] = []
      for item in items { v.append(try item.number()) }
      result = Transform3D(v)!
    } else {
      for item in items { result = result.concatenating(try item.transformStep()) }
    }
    guard result.isFinite else { throw error("the transform overflows: its numbers are too large") }
    return result
  }

  /// One step: an object with exactly one key.
  func transformStep() throws(SceneError) -> Transform3D {
    let members = try self.members(known: Self.transformSteps, what: "transform step")
    guard members.count == 1, let (key, arg) = members.first else {
      throw error("a transform step is an object with exactly one key (translate, scale, rotate or perspective), got \(members.count)")
    }
    switch key {
    case "translate":
      let v = try arg.numbers(2...3, "[x, y] or [x, y, z]")
      return .translation(v[0], v[1], v.count == 3 ? v[2] : 0)
    case "scale":
      // A single number scales x and y alike and leaves z, like CSS's scale(s).
      if case .number(let s) = arg.value { return .scale(s, s, 1) }
      guard case .array = arg.value else { throw arg.typeError("a number or [sx, sy] or [sx, sy, sz]") }
      let v = try arg.numbers(2...3, "[sx, sy] or [sx, sy, sz]")
      return .scale(v[0], v[1], v.count == 3 ? v[2] : 1)
    case "rotate":
      // An angle (radians, or "90deg"), about z or about an axis.
      switch arg.value {
      case .number, .string: return .rotation(try arg.angle(), 0, 0, 1)
      case .array(let items):
        guard items.count == 4 else { throw arg.error("expected [angle, x, y, z]: an array of 4 values, got \(items.count)") }
        let v = try arg.array()
        let angle = try v[0].angle()
        let (x, y, z) = (try v[1].number(), try v[2].number(), try v[3].number())
        guard x != 0 || y != 0 || z != 0 else { throw arg.error("the rotation axis [x, y, z] must not be zero") }
        return .rotation(angle, x, y, z)
      default:
        throw arg.typeError(#"an angle (radians, or a string such as "90deg") or [angle, x, y, z]"#)
      }
    default:  // "perspective"; members(known:) let nothing else through
      let d = try arg.positive()
      return .perspective(d)
    }
  }
}
