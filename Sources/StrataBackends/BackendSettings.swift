import StrataGL

/// Which renderer the user asked for (`--backend`, `STRATA_BACKEND`).
public enum BackendChoice: String, CaseIterable, Sendable {
  /// A hardware GPU when the probe finds one, else the CPU renderer. A software GPU
  /// (llvmpipe) is not taken: the CPU renderer is faster than it on every scene we measured.
  case auto
  /// The CPU renderer.
  case cpu
  /// Any GPU the probe finds, llvmpipe included; an error when there is none.
  case gpu
}

/// The user's backend settings, from flags and environment variables, each checked like a
/// flag: an unknown value is an error that lists the valid ones, never silently ignored.
public struct BackendSettings: Sendable, Equatable {
  /// `STRATA_BACKEND=auto|cpu|gpu`: the default of `--backend`.
  public static let backendVariable = "STRATA_BACKEND"
  /// `STRATA_EGL_PLATFORM=device|gbm|surfaceless`: probe that EGL platform only.
  public static let platformVariable = EGLProbe.platformVariable
  /// `STRATA_GL_MASK_TILING=on|off`: draw coverage masks as their runs of non-empty tiles,
  /// or as one quad each (`GLRenderer.Options.tilesMasks`; unset: runs on llvmpipe only).
  public static let maskTilingVariable = "STRATA_GL_MASK_TILING"

  /// Where the backend choice came from, so that an error names what the user set.
  public enum Origin: Sendable, Equatable {
    case defaultValue
    case flag
    case environment
  }

  public var choice: BackendChoice
  public var origin: Origin
  /// The only EGL platform to probe, when `STRATA_EGL_PLATFORM` names one.
  public var platform: EGLPlatform?
  /// How the GPU draws coverage masks, when `STRATA_GL_MASK_TILING` says (`on`: as runs).
  public var tilesMasks: Bool?

  public init(
    choice: BackendChoice = .auto, origin: Origin = .defaultValue, platform: EGLPlatform? = nil, tilesMasks: Bool? = nil
  ) {
    self.choice = choice
    self.origin = origin
    self.platform = platform
    self.tilesMasks = tilesMasks
  }

  /// `base` with what these settings say of the GPU renderer: the EGL platform to probe and
  /// how masks are drawn (each kept from `base` where the settings say nothing).
  public func glOptions(_ base: GLRenderer.Options = .init()) -> GLRenderer.Options {
    var o = base
    o.platform = platform ?? o.platform
    o.tilesMasks = tilesMasks ?? o.tilesMasks
    return o
  }

  /// The settings `environment` holds (an empty value counts as unset).
  public init(environment: [String: String]) throws(BackendSettingError) {
    self.init()
    if let v = environment[Self.backendVariable], !v.isEmpty {
      guard let c = BackendChoice(rawValue: v) else {
        throw BackendSettingError(setting: Self.backendVariable, value: v, valid: BackendChoice.allCases.map(\.rawValue))
      }
      choice = c
      origin = .environment
    }
    if let v = environment[Self.platformVariable], !v.isEmpty {
      guard let p = EGLPlatform(rawValue: v) else {
        throw BackendSettingError(setting: Self.platformVariable, value: v, valid: EGLPlatform.allCases.map(\.rawValue))
      }
      platform = p
    }
    if let v = environment[Self.maskTilingVariable], !v.isEmpty {
      switch v {
      case "on": tilesMasks = true
      case "off": tilesMasks = false
      default: throw BackendSettingError(setting: Self.maskTilingVariable, value: v, valid: ["on", "off"])
      }
    }
  }

  /// Applies `--backend VALUE`, which overrides `STRATA_BACKEND`.
  public mutating func setChoice(flag name: String = "--backend", _ value: String) throws(BackendSettingError) {
    guard let c = BackendChoice(rawValue: value) else {
      throw BackendSettingError(setting: name, value: value, valid: BackendChoice.allCases.map(\.rawValue))
    }
    choice = c
    origin = .flag
  }

  /// How the user set the choice, for messages: `--backend gpu`, `STRATA_BACKEND=gpu`, or
  /// `the default (auto)`.
  public var choiceSource: String {
    switch origin {
    case .flag: "--backend \(choice.rawValue)"
    case .environment: "\(Self.backendVariable)=\(choice.rawValue)"
    case .defaultValue: "the default (\(choice.rawValue))"
    }
  }

  /// What the user can do instead of asking for the GPU where there is none.
  public var cpuAdvice: String {
    origin == .environment
      ? "set \(Self.backendVariable)=cpu or auto, or pass --backend cpu"
      : "use --backend cpu or auto"
  }
}

/// An unknown value of a flag or environment variable; exit status 2 in the tools.
public struct BackendSettingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The flag (`--backend`) or variable (`STRATA_BACKEND`).
  public var setting: String
  public var value: String
  public var valid: [String]

  public init(setting: String, value: String, valid: [String]) {
    self.setting = setting
    self.value = value
    self.valid = valid
  }

  public var description: String {
    let choices = valid.dropLast().joined(separator: ", ") + (valid.count > 1 ? " or " : "") + (valid.last ?? "")
    return setting.hasPrefix("-")
      ? "unknown value '\(value)' for \(setting); choose \(choices)"
      : "\(setting)=\(value) is not valid; choose \(choices)"
  }
}
