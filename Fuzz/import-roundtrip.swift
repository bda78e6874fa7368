import MenuKit
import MenuKitInterop

private let platforms: [PlatformProfile] = [.linux, .mac, .windows]

/// The importers, end to end: another editor's keymap → MenuKit keymap text → loaded again.
///
/// The first byte picks the importer (VS Code, Zed or GTK) and the platform; the rest is the
/// file. When the importer gives a keymap:
/// - its MenuKit text (`KeymapFile.text(of:)`, what `menu-dump keymap import` prints) loads
///   with no errors and no warnings, to the same bindings (keys, effect with arguments,
///   context), in order;
/// - its text in the editor's own format (the exporter, `menu-dump keymap export`) imports
///   again to the same bindings, less those the exporter reported as left out.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImportRoundTrip(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let selector = Int(data[0])
  let format = ForeignFormat.allCases[selector % ForeignFormat.allCases.count]
  let platform = platforms[selector / ForeignFormat.allCases.count % platforms.count]
  let text = fuzzText(data + 1, size - 1)
  guard let keymap = format.load(text, platform: platform) else { return 0 }
  let imported = keymap.bindings.map(\.withoutLocation)

  let menuKitText = KeymapFile.text(of: keymap)
  let (loaded, diagnostics) = KeymapFile.load(text: menuKitText, source: .user)
  guard let loaded, diagnostics.isEmpty else {
    fuzzFailure(
      "\(format) (\(platform)) imported to MenuKit text that does not load cleanly: "
        + "\(diagnostics.map(\.description))\n\(menuKitText)")
  }
  let reloaded = loaded.bindings.map(\.withoutLocation)
  if reloaded != imported {
    fuzzFailure(
      "\(format) (\(platform)) imported \(imported.count) bindings, whose MenuKit text loads "
        + "\(reloaded.count) others:\n\(difference(imported, reloaded))\n\(menuKitText)")
  }

  let (exported, leftOut) = format.export(keymap, platform: platform)
  guard let again = format.load(exported, platform: platform) else {
    fuzzFailure("\(format) (\(platform)) exported text that does not import:\n\(exported)")
  }
  let reimported = again.bindings.map(\.withoutLocation)
  guard reimported.count == imported.count - leftOut, isSubsequence(reimported, of: imported)
  else {
    fuzzFailure(
      "\(format) (\(platform)) imported \(imported.count) bindings and left out \(leftOut) "
        + "when exporting, but the export imports \(reimported.count) others:\n"
        + "\(difference(imported, reimported))\n\(exported)")
  }
  return 0
}

/// The importers this target drives.
private enum ForeignFormat: CaseIterable, CustomStringConvertible {
  case vscode, zed, gtkAccelMap, gtkActionList

  var description: String {
    switch self {
    case .vscode: "VS Code"
    case .zed: "Zed"
    case .gtkAccelMap: "GTK (accelerator map)"
    case .gtkActionList: "GTK (action list)"
    }
  }

  func load(_ text: String, platform: PlatformProfile) -> Keymap? {
    switch self {
    case .vscode: VSCodeKeybindings.load(text: text, platform: platform, source: .user).keymap
    case .zed: ZedKeymap.load(text: text, platform: platform, source: .user).keymap
    case .gtkAccelMap, .gtkActionList:
      GTKAccelerators.load(text: text, platform: platform, source: .user).keymap
    }
  }

  /// The keymap's text in this format, and how many bindings the exporter left out.
  func export(_ keymap: Keymap, platform: PlatformProfile) -> (text: String, leftOut: Int) {
    let (text, diagnostics) =
      switch self {
      case .vscode: VSCodeKeybindings.text(of: keymap, platform: platform)
      case .zed: ZedKeymap.text(of: keymap, platform: platform)
      case .gtkAccelMap: GTKAccelerators.text(of: keymap, platform: platform, format: .accelMap)
      case .gtkActionList:
        GTKAccelerators.text(of: keymap, platform: platform, format: .actionList)
      }
    return (text, diagnostics.count)
  }
}

extension KeyBinding {
  /// The binding without its place in a file, which differs between two texts.
  fileprivate var withoutLocation: KeyBinding {
    var binding = self
    binding.location = nil
    return binding
  }
}

/// Whether `part` is `whole` with some elements left out, the rest in order.
private func isSubsequence(_ part: [KeyBinding], of whole: [KeyBinding]) -> Bool {
  var remaining = whole[...]
  for binding in part {
    guard let index = remaining.firstIndex(of: binding) else { return false }
    remaining = remaining[(index + 1)...]
  }
  return true
}

/// The first bindings that differ, for the failure message.
private func difference(_ lhs: [KeyBinding], _ rhs: [KeyBinding]) -> String {
  let index =
    zip(lhs, rhs).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    ?? min(lhs.count, rhs.count)
  func describe(_ bindings: [KeyBinding]) -> String {
    guard index < bindings.count else { return "nothing" }
    let binding = bindings[index]
    return
      "\(binding.keys) \(binding.effect) in \(binding.context.map(\.description) ?? "any context")"
  }
  return "binding \(index): \(describe(lhs)) became \(describe(rhs))"
}
