import MenuKit
import Testing

@Suite("GAction names")
struct GActionNameTests {
  @Test(
    "action names map to valid GAction names and back",
    arguments: [
      "copy:", "saveDocument:", "app.openDocument", "open-file", "zoom-in:", "ünïcode:",
      "ünïcode", "a b", "--x", "setTheme:", "9lives",
    ] as [ActionName])
  func roundTrip(_ name: ActionName) {
    let encoded = GActionName.encode(name)
    #expect(encoded.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-.".contains($0)) })
    #expect(GActionName.decode(encoded) == name)
  }

  @Test("copy: is copy-3a; names other than encode's are not decoded")
  func spelling() {
    #expect(GActionName.encode("copy:") == "copy-3a")
    #expect(GActionName.encode("open-file") == "open-2dfile")
    #expect(GActionName.decode("copy-3A") == nil)
    #expect(GActionName.decode("copy-zz") == nil)
    #expect(GActionName.decode("bad-zz") == nil)
    #expect(GActionName.decode("copy-3") == nil)
    #expect(GActionName.decode("--item") == nil)
  }
}
