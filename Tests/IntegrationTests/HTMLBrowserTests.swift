import Foundation
import MenuKitTestSupport
import MenuKitToolSupport
import Testing

@testable import menu_dump

/// Headless Chromium (Debian's `chromium`), found on the PATH.
private enum Chromium {
  /// The browser's path, or nil when it is not installed.
  static let path = executableOnPath("chromium", "chromium-browser")

  /// Why the browser tests are skipped.
  static let missing: Comment =
    "chromium is not installed (apt-get install -y chromium fonts-dejavu-core); .ci/run runs these tests"

  /// Runs the browser headless on a file with extra arguments and returns its standard output.
  /// The browser gets a fresh profile in `directory` and is killed after 90 seconds.
  static func run(_ arguments: [String], page: URL, directory: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(path))
    process.arguments =
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
        "--no-first-run", "--disable-extensions", "--disable-background-networking",
        "--user-data-dir=\(directory.appendingPathComponent("profile-\(UUID().uuidString)").path)",
      ] + arguments + [page.absoluteString]
    let output = directory.appendingPathComponent("stdout-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let handle = try FileHandle(forWritingTo: output)
    process.standardOutput = handle
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(90)
    while process.isRunning, Date() < deadline { usleep(50_000) }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
      Issue.record("chromium did not finish within 90 seconds: \(arguments)")
    }
    try handle.close()
    return String(decoding: try Data(contentsOf: output), as: UTF8.self)
  }

  /// Takes a screenshot of a page at a window size and returns the PNG file's bytes.
  static func screenshot(of page: URL, width: Int, height: Int, directory: URL) throws -> Data {
    let png = directory.appendingPathComponent("shot-\(UUID().uuidString).png")
    _ = try run(
      ["--screenshot=\(png.path)", "--window-size=\(width),\(height)"], page: page,
      directory: directory)
    return try Data(contentsOf: png)
  }
}

/// The width and height in a PNG's header (its IHDR chunk), or nil when it is not a PNG.
private func pngSize(_ data: Data) -> (width: Int, height: Int)? {
  let bytes = [UInt8](data.prefix(24))
  guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    bytes[12..<16] == [0x49, 0x48, 0x44, 0x52]
  else { return nil }
  func int(at offset: Int) -> Int {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
  }
  return (int(at: 16), int(at: 20))
}

@MainActor
@Suite(
  "HTML page in a browser", .enabled(if: Chromium.path != nil, Chromium.missing),
  .serialized)
struct HTMLBrowserTests {
  /// A scratch directory, and the German page of the text editor example written into it.
  let directory: URL
  let page: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "menukit-browser-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var output = BufferedOutput()
    let status = MenuDump.run(
      arguments: [
        repositoryRoot.appendingPathComponent("keymaps/examples/text-editor.json").path,
        "--format", "html", "--layout", "de",
      ], output: &output)
    #expect(status == .success, "\(output.standardError)")
    page = directory.appendingPathComponent("page.html")
    try Data(output.standardOutput.utf8).write(to: page)
  }

  @Test("the rendered DOM has the menu bar, the menus, the overlay and the German keyboard")
  func dom() throws {
    let dom = try Chromium.run(["--dump-dom"], page: page, directory: directory)
    // The browser parsed the page: what it serializes is its DOM, not our text.
    #expect(dom.contains("<nav class=\"menubar\""))
    #expect(dom.contains("<div class=\"menu\" id=\"menu-1\" role=\"menu\">"))
    #expect(dom.contains("<span class=\"title\">Save As…</span><kbd>Ctrl+Shift+S</kbd>"))
    #expect(dom.contains("<section id=\"discoverability\">"))
    #expect(dom.contains("<svg class=\"keyboard\" data-geometry=\"iso\" data-layer=\"Ctrl\""))
    for legend in ["Ö", "Ä", "Ü", "ß"] {
      #expect(dom.contains(">\(legend)</text>"), "legend \(legend)")
    }
    #expect(dom.contains("<g class=\"key bound\" data-evdev=\"31\"><title>S: Ctrl+S Save"))
    #expect(dom.contains("<g class=\"key free\""))
    #expect(!dom.contains("://"))
  }

  @Test("the screenshot is a 1280×900 image with content, not a blank page")
  func screenshotIsNotBlank() throws {
    let blank = directory.appendingPathComponent("blank.html")
    try Data("<!DOCTYPE html><html><body></body></html>".utf8).write(to: blank)
    let blankShot = try Chromium.screenshot(
      of: blank, width: 1280, height: 900, directory: directory)
    let shot = try Chromium.screenshot(of: page, width: 1280, height: 900, directory: directory)
    let size = try #require(pngSize(shot))
    #expect(size.width == 1280 && size.height == 900)
    #expect(try #require(pngSize(blankShot)).width == 1280)
    // A PNG of one flat colour compresses to a few kilobytes; text and menus do not.
    #expect(shot.count > 10 * blankShot.count, "\(shot.count) vs blank \(blankShot.count)")
    #expect(shot != blankShot)
  }

  @Test("the keyboard is painted: hiding it makes the full-page screenshot much simpler")
  func keyboardIsPainted() throws {
    let text = try String(contentsOf: page, encoding: .utf8)
    let hidden = directory.appendingPathComponent("hidden.html")
    try Data(
      text.replacingOccurrences(
        of: "</head>", with: "<style>#keyboard { visibility: hidden; }</style></head>"
      ).utf8
    ).write(to: hidden)
    let with = try Chromium.screenshot(of: page, width: 1280, height: 8000, directory: directory)
    let without = try Chromium.screenshot(
      of: hidden, width: 1280, height: 8000, directory: directory)
    #expect(try #require(pngSize(with)).height == 8000)
    // The keyboards' keys, legends and titles add a fifth or more to the compressed image.
    #expect(Double(with.count) > 1.2 * Double(without.count), "\(with.count) vs \(without.count)")
  }
}
