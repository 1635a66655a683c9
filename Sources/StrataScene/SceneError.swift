/// A scene file that could not be loaded. Every error names the file and, where the problem
/// is in one value, that value's JSON path, so the user can go straight to it.
public struct SceneError: Error, CustomStringConvertible, Equatable {
  /// The scene file's name as the caller gave it.
  public var file: String
  /// The JSON path of the value at fault, like `layers[0].sublayers[3].cornerRadius`;
  /// empty for errors about the whole file.
  public var path: String
  /// What is wrong. Quotes from the file are short excerpts, and `init` cuts any message
  /// longer than 1,000 characters in the middle, so no error echoes a whole file.
  public var message: String
  /// The 1-based position in the text, for errors found while parsing JSON.
  public var line: Int?
  public var column: Int?

  public init(file: String, path: String, message: String, line: Int? = nil, column: Int? = nil) {
    self.file = file
    self.path = path
    self.message = Excerpt.bounded(message)
    self.line = line
    self.column = column
  }

  /// `scene.json: layers[0].opacity: must be between 0 and 1, got 1.5`, or
  /// `scene.json:3:14: malformed JSON: …` for text that is not JSON.
  public var description: String {
    var s = file
    if let line, let column { s += ":\(line):\(column)" }
    s += ": "
    if !path.isEmpty { s += path + ": " }
    return s + message
  }

  /// A JSON error in `file`: malformed text, or a duplicate key (which has a path).
  init(file: String, json e: JSONError) {
    self.init(
      file: file, path: e.path, message: e.path.isEmpty ? "malformed JSON: \(e.message)" : e.message,
      line: e.line, column: e.column)
  }
}
