import Foundation
import Testing

/// `Scripts/shard-frames.sh`, the shard arithmetic of docs/Cluster.md, run as a cluster
/// job runs it: with the scheduler's index variable set.
@Suite struct ShardScriptTests {
  static let script = repoRoot.appendingPathComponent("Scripts/shard-frames.sh").path

  /// Runs the script with `args` and only `env` of the index variables.
  static func shard(_ args: [String], env: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/sh")
    p.arguments = [script] + args
    var e = ProcessInfo.processInfo.environment
    for name in ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN"] { e[name] = env[name] }
    p.environment = e
    let out = Pipe(), err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    let o = out.fileHandleForReading.readDataToEndOfFile(), r = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: r, as: UTF8.self))
  }

  /// Every frame of the range in exactly one shard, in order, the shard sizes differing by
  /// at most one: checked frame by frame, not against recorded output.
  @Test(arguments: [(0, 120, 8), (0, 7, 3), (10, 11, 4), (5, 105, 1), (0, 100, 7), (30, 60, 30)])
  func shardsCoverTheRangeOnceAndEvenly(start: Int, end: Int, shards: Int) throws {
    var covered: [Int] = []
    var sizes: [Int] = []
    for i in 0..<shards {
      let got = try Self.shard(["\(start)", "\(end)", "\(shards)"], env: ["JOB_COMPLETION_INDEX": "\(i)"])
      #expect(got.status == 0, "\(got.err)")
      let line = got.out.trimmingCharacters(in: .whitespacesAndNewlines)
      if line.isEmpty {
        sizes.append(0)
        continue
      }
      let parts = line.split(separator: ":").compactMap { Int($0) }
      try #require(parts.count == 2, "shard \(i) printed '\(line)'")
      #expect(parts[0] < parts[1])
      covered += Array(parts[0]..<parts[1])
      sizes.append(parts[1] - parts[0])
    }
    #expect(covered == Array(start..<end))
    #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1, "\(sizes)")
  }

  @Test func theIndexComesFromTheArgumentKubernetesOrSlurm() throws {
    #expect(try Self.shard(["0", "100", "4", "1"]).out == "25:50\n")
    #expect(try Self.shard(["0", "100", "4"], env: ["JOB_COMPLETION_INDEX": "3"]).out == "75:100\n")
    #expect(try Self.shard(["0", "100", "4"], env: ["SLURM_ARRAY_TASK_ID": "2"]).out == "50:75\n")
    // An array from 1: task 1 is the first shard.
    #expect(try Self.shard(["0", "100", "4"], env: ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1"]).out == "0:25\n")
    // The argument wins over the variables; leading zeros are decimal, not octal.
    #expect(try Self.shard(["0", "100", "10", "09"], env: ["JOB_COMPLETION_INDEX": "3"]).out == "90:100\n")
  }

  @Test func mistakesExitTwoWithAMessage() throws {
    for (args, env, words) in [
      (["0", "100", "4"], [:], "no INDEX given"),
      (["0", "100", "4", "4"], [:], "is not below SHARDS"),
      (["10", "10", "4", "0"], [:], "must be more than START"),
      (["0", "100", "0", "0"], [:], "SHARDS must be at least 1"),
      (["0", "1e3", "4", "0"], [:], "is not a whole number"),
      (["0", "100", "4"], ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "1"], "below SLURM_ARRAY_TASK_MIN"),
      (["0", "100"], [:], "usage:"),
    ] as [([String], [String: String], String)] {
      let got = try Self.shard(args, env: env)
      #expect(got.status == 2, "\(args)")
      #expect(got.out.isEmpty)
      #expect(got.err.contains(words), "\(args): \(got.err)")
    }
  }
}
