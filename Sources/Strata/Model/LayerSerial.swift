import Synchronization

/// Numbers layers in the order they are made; 64 bits do not wrap in the life of a process.
enum LayerSerial {
  private static let counter = Atomic<UInt64>(1)

  static func next() -> UInt64 { counter.wrappingAdd(1, ordering: .relaxed).oldValue }
}
