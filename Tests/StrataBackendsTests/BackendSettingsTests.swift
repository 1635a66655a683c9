import StrataBackends
import StrataGL
import Testing

@Suite struct BackendSettingsTests {
  @Test func environmentIsReadAndChecked() throws {
    #expect(try BackendSettings(environment: [:]) == BackendSettings(choice: .auto, origin: .defaultValue))
    #expect(try BackendSettings(environment: ["STRATA_BACKEND": ""]) == BackendSettings())  // empty: unset
    let gpu = try BackendSettings(environment: ["STRATA_BACKEND": "gpu", "STRATA_EGL_PLATFORM": "gbm"])
    #expect(gpu == BackendSettings(choice: .gpu, origin: .environment, platform: .gbm))
    #expect(gpu.choiceSource == "STRATA_BACKEND=gpu")
    #expect(throws: BackendSettingError(setting: "STRATA_BACKEND", value: "GPU", valid: ["auto", "cpu", "gpu"])) {
      try BackendSettings(environment: ["STRATA_BACKEND": "GPU"])
    }
    #expect(throws: BackendSettingError(setting: "STRATA_EGL_PLATFORM", value: "x11", valid: ["device", "gbm", "surfaceless"])) {
      try BackendSettings(environment: ["STRATA_EGL_PLATFORM": "x11"])
    }
  }

  /// `STRATA_GL_MASK_TILING`: on, off, or unset (the renderer decides); anything else is
  /// an error naming the variable; the GPU options carry it and the platform.
  @Test func maskTilingIsReadAndChecked() throws {
    #expect(try BackendSettings(environment: [:]).tilesMasks == nil)
    #expect(try BackendSettings(environment: ["STRATA_GL_MASK_TILING": ""]).tilesMasks == nil)
    #expect(try BackendSettings(environment: ["STRATA_GL_MASK_TILING": "on"]).tilesMasks == true)
    #expect(try BackendSettings(environment: ["STRATA_GL_MASK_TILING": "off"]).tilesMasks == false)
    #expect(throws: BackendSettingError(setting: "STRATA_GL_MASK_TILING", value: "yes", valid: ["on", "off"])) {
      try BackendSettings(environment: ["STRATA_GL_MASK_TILING": "yes"])
    }
    let o = try BackendSettings(environment: ["STRATA_GL_MASK_TILING": "off", "STRATA_EGL_PLATFORM": "gbm"]).glOptions()
    #expect(o.tilesMasks == false && o.platform == .gbm)
    var base = GLRenderer.Options()
    base.tilesMasks = true
    #expect(try BackendSettings(environment: [:]).glOptions(base).tilesMasks == true)
  }

  @Test func errorsNameWhatWasSet() {
    let env = BackendSettingError(setting: "STRATA_BACKEND", value: "bogus", valid: ["auto", "cpu", "gpu"])
    #expect(env.description == "STRATA_BACKEND=bogus is not valid; choose auto, cpu or gpu")
    let flag = BackendSettingError(setting: "--backend", value: "vulkan", valid: ["auto", "cpu", "gpu"])
    #expect(flag.description == "unknown value 'vulkan' for --backend; choose auto, cpu or gpu")
  }

  @Test func theFlagOverridesTheVariable() throws {
    var s = try BackendSettings(environment: ["STRATA_BACKEND": "gpu"])
    try s.setChoice("cpu")
    #expect(s.choice == .cpu && s.origin == .flag && s.choiceSource == "--backend cpu")
    #expect(s.cpuAdvice == "use --backend cpu or auto")
    #expect(try BackendSettings(environment: ["STRATA_BACKEND": "gpu"]).cpuAdvice.contains("STRATA_BACKEND=cpu"))
  }

  /// Auto takes a GPU only when it is hardware.
  @Test func autoDecision() {
    #expect(AutoDecision(.hardware("NVIDIA H200/PCIe/SSE2 via device")).choice == .gpu)
    let soft = AutoDecision(.software("llvmpipe (LLVM 15.0.6, 256 bits) via surfaceless"))
    #expect(soft.choice == .cpu)
    #expect(soft.description == "auto: cpu (the only GPU is llvmpipe (LLVM 15.0.6, 256 bits) via surfaceless, a software rasteriser; the CPU renderer is faster)")
    let none = AutoDecision(.none("libEGL.so.1 is not installed"))
    #expect(none.choice == .cpu && none.description == "auto: cpu (no hardware GPU: libEGL.so.1 is not installed)")
  }
}
