import StrataBackends

extension BackendSettings {
  /// Takes `STRATA_BACKEND` (unless a flag chose already), `STRATA_EGL_PLATFORM` and
  /// `STRATA_GL_MASK_TILING` from `environment`. All are checked even when a flag
  /// overrides one, as a flag's value is:
  /// a typo in the environment is reported, never silently ignored.
  mutating func apply(environment: [String: String]) throws(UsageError) {
    let fromEnvironment: BackendSettings
    do throws(BackendSettingError) { fromEnvironment = try BackendSettings(environment: environment) } catch {
      throw UsageError(message: error.description, showsUsage: false)
    }
    platform = fromEnvironment.platform
    tilesMasks = fromEnvironment.tilesMasks
    if origin != .flag {
      choice = fromEnvironment.choice
      origin = fromEnvironment.origin
    }
  }
}
