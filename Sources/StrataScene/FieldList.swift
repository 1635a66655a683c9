/// The elements of a JSON array as `Field`s, each made when it is read.
///
/// A `Field` carries its own copy of the JSON path, so making them all up front cost about
/// 160 bytes per element (the field and its path array) before a caller could even check
/// the count: 22 GB for a 200 MB array of numbers given where four were expected. Made on
/// demand, they cost nothing until read, and only one at a time.
struct FieldList: RandomAccessCollection {
  let items: [JSONValue]
  /// The array's own path; element `i` is at `path[i]`.
  let path: JSONPath
  let file: String

  var startIndex: Int { items.startIndex }
  var endIndex: Int { items.endIndex }

  subscript(position: Int) -> Field {
    Field(value: items[position], path: path.appending(position), file: file)
  }
}
