import Foundation
import MenuKitTestSupport
import Testing

/// The libraries an ELF executable names in its dynamic section (`DT_NEEDED`), in order: what
/// `readelf -d` lists as "Shared library", read from the file without running anything.
///
/// - Parameter path: The executable.
/// - Returns: The library names, such as `libswiftCore.so` and `libc.so.6`.
/// - Throws: When the file is not a 64-bit little-endian ELF file with a dynamic section.
private func neededLibraries(of path: String) throws -> [String] {
  let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
  func integer(at offset: Int, size: Int) throws -> Int {
    try #require(offset >= 0 && offset + size <= bytes.count, "offset \(offset) is in the file")
    var value: UInt64 = 0
    for index in (0..<size).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
    return Int(truncatingIfNeeded: value)
  }
  // e_ident: "\u{7F}ELF", ELFCLASS64, ELFDATA2LSB.
  try #require(bytes.count >= 64 && bytes[0..<6].elementsEqual([0x7F, 0x45, 0x4C, 0x46, 2, 1]))
  let sectionHeaders = try integer(at: 0x28, size: 8)
  let sectionHeaderSize = try integer(at: 0x3A, size: 2)
  let sectionCount = try integer(at: 0x3C, size: 2)
  // Each section header: sh_type at 4, sh_offset at 24, sh_size at 32, sh_link at 40.
  func section(_ index: Int) throws -> (type: Int, offset: Int, size: Int, link: Int) {
    let header = sectionHeaders + index * sectionHeaderSize
    return (
      try integer(at: header + 4, size: 4), try integer(at: header + 24, size: 8),
      try integer(at: header + 32, size: 8), try integer(at: header + 40, size: 4)
    )
  }
  let sections = try (0..<sectionCount).map(section)
  // SHT_DYNAMIC is 6; its sh_link is the section of the names (.dynstr).
  let dynamic = try #require(sections.first { $0.type == 6 }, "\(path) has a dynamic section")
  let names = try #require(sections.indices.contains(dynamic.link) ? sections[dynamic.link] : nil)
  var libraries: [String] = []
  // Elf64_Dyn entries of 16 bytes: d_tag, then d_val; DT_NEEDED is 1, DT_NULL (0) ends them.
  for entry in stride(from: dynamic.offset, to: dynamic.offset + dynamic.size, by: 16) {
    let tag = try integer(at: entry, size: 8)
    if tag == 0 { break }
    guard tag == 1 else { continue }
    let start = names.offset + (try integer(at: entry + 8, size: 8))
    let end = try #require(bytes[start...].firstIndex(of: 0), "a library name ends")
    libraries.append(String(decoding: bytes[start..<end], as: UTF8.self))
  }
  return libraries
}

/// Regressions of issue 22: the tools link FoundationEssentials, never the whole Foundation
/// with its ICU data, which doubled their start-up (docs/decisions/0018-tools-link-foundation-essentials.md).
@Suite("Libraries the tools link")
struct LinkedLibrariesTests {
  /// The libraries of Foundation that need ICU (or bring more of it), and ICU itself.
  static let foundationLibraries: Set<String> = [
    "libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so",
    "libFoundationNetworking.so", "libFoundationXML.so",
  ]

  @Test(
    "menu-dump and keymap-lint do not link Foundation, FoundationInternationalization or ICU",
    arguments: ["menu-dump", "keymap-lint"])
  func toolLinksNoFoundation(tool: String) throws {
    let executable = try #require(builtTool(tool), "\(tool) is built next to the tests")
    let libraries = try neededLibraries(of: executable.path)
    // The reader found the dynamic section: every program needs the C library.
    #expect(libraries.contains("libc.so.6"), "\(libraries)")
    let foundation = libraries.filter(Self.foundationLibraries.contains)
    #expect(
      foundation.isEmpty,
      """
      \(tool) links \(foundation.joined(separator: ", ")): a file of its modules imports \
      Foundation instead of FoundationEssentials
      """)
  }

  @Test("the reader finds Foundation where a program links it")
  func readerSeesFoundation() throws {
    // The test runner itself links Foundation: this file imports it.
    let libraries = try neededLibraries(of: "/proc/self/exe")
    #expect(libraries.contains("libFoundation.so"), "\(libraries)")
  }
}
