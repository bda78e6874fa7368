import Foundation
import MenuKitTestSupport
import Testing

/// A Swift file with documented and undocumented public symbols of every kind the script
/// knows, and things it must not count.
private let fixture = #"""
  /// Documented.
  public enum Mode: String {
    /// Documented.
    case fast
    case slow
    /// Documented.
    indirect case other
  }
  public protocol Drawing {
    func draw()
    /// Documented.
    var size: Int { get }
    associatedtype Canvas
  }
  /// Documented.
  @MainActor
  public struct Page {
    @discardableResult
    public func render() -> Int { 1 }
    /// Documented, above an attribute.
    @MainActor
    public func show() {}
    let text = """
      public func insideAString()
      """
    public private(set) var count = 0
    /* a plain block comment is not documentation */
    public var plain = 0
    /** A documentation block. */
    public var block = 0
  }
  enum Internal {
    case notPublic
  }
  public import Foundation
  """#

@Suite("scripts/check-doc-comments")
struct DocCommentCheckTests {
  @Test("lists each public symbol without a documentation comment, and exits 1")
  func findsUndocumentedSymbols() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "doc-comments-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("Fixture.swift")
    try Data(fixture.utf8).write(to: file)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      repositoryRoot.appendingPathComponent("scripts/check-doc-comments").path, directory.path,
    ]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let listed = String(
      decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let summary = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()

    #expect(process.terminationStatus == 1)
    let lines = listed.split(separator: "\n").map {
      String($0.dropFirst(file.path.count + 1))
    }
    #expect(
      lines == [
        "5: case slow",
        "9: public protocol Drawing {",
        "10: func draw()",
        "13: associatedtype Canvas",
        "19: public func render() -> Int { 1 }",
        "26: public private(set) var count = 0",
        "28: public var plain = 0",
      ])
    #expect(summary == "7 public symbol(s) without a documentation comment\n")
  }
}
