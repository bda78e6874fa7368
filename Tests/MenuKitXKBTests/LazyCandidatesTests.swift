import MenuKit
import Testing

@testable import MenuKitXKB

/// The typing engine lists its candidate presses only as far as the first that fires
/// (`forEachTypingCandidate`); these tests answer every stroke the way it was answered before,
/// by listing every candidate first (`typingCandidates`) and trying them in order, and
/// compare.
@Suite("Typing candidates listed lazily")
struct LazyCandidatesTests {
  /// The answer from the whole list of candidates, tried in order: the engine's loop before
  /// candidates were listed lazily.
  static func referenceTyping(
    _ keyboard: XKBKeyboard, _ stroke: KeyboardShortcut, localizes: Bool,
    direction: LayoutDirection
  ) -> StrokeTyping? {
    let platform = PlatformProfile.linux
    let table = keyboard.modifierKeyTable
    guard stroke.input.modifierKey == nil, stroke.input.isSingleKey,
      stroke.input.physicalKey == nil,
      let strokeKeys = table.keys(for: platform.physicalModifiers(stroke.modifierFlags))
    else { return nil }
    let question = TypingQuestion(stroke, allowsAutomaticLocalization: localizes)
    var target = question.target
    if direction == .rightToLeft, let mirrored = KeyCommandMatcher.mirroredInput(target) {
      target = mirrored
    }
    let index = keyboard.inputIndex
    let relocation = localizes ? keyboard.relocatedKey(for: target) : nil
    let candidates = keyboard.typingCandidates(
      for: target, relocation: relocation, strokeKeys: strokeKeys, table: table, index: index)
    let matcher = KeyCommandMatcher(platform: platform)
    var natural: (press: TypedPress, typesInput: Bool, fallback: Bool)?
    for (tried, candidate) in candidates.enumerated() {
      let attempt = keyboard.evaluate(
        candidate, command: question.command, matcher: matcher, direction: direction,
        table: table)
      if natural == nil || (natural?.fallback == true && !candidate.isFallback) {
        natural = (attempt.press, attempt.typesInput, candidate.isFallback)
      }
      guard let kind = attempt.press.matchKind else { continue }
      let verdict: StrokeTyping.Verdict =
        kind == .localized ? .relocated : attempt.press.holdsLevelShift ? .needsAltGr : .direct
      return StrokeTyping(
        stroke: stroke, verdict: verdict, press: attempt.press, relocation: relocation,
        pressesTried: tried + 1)
    }
    guard let natural else {
      return StrokeTyping(stroke: stroke, verdict: .unreachable, press: nil, relocation: relocation)
    }
    return StrokeTyping(
      stroke: stroke, verdict: natural.typesInput ? .modifiersConsumed : .layoutAction,
      press: natural.press, relocation: relocation, pressesTried: candidates.count)
  }

  @Test(
    "Every stroke is answered as from the whole list of candidates",
    arguments: ["us", "de", "fr", "se", "ru", "il", "pl", "ch", "us,ru", "de,us"])
  func lazyEqualsWholeList(layout: String) throws {
    let keymap = try systemKeymap(XKBKeymap.RuleNames(layout: layout))
    let keyboard = XKBKeyboard(typingOn: keymap)
    var pressesTried: Set<Int> = []
    var verdicts: Set<StrokeTyping.Verdict> = []
    for stroke in SweepTypingKeyboardTests.strokes {
      for localizes in [true, false] {
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
          guard
            let reference = Self.referenceTyping(
              keyboard, stroke, localizes: localizes, direction: direction)
          else { continue }
          let answer = keyboard.computeTyping(
            of: stroke, platform: .linux, localizes: localizes, direction: direction)
          #expect(answer == reference, "\(layout) \(stroke) \(localizes) \(direction)")
          pressesTried.insert(answer.pressesTried)
          verdicts.insert(answer.verdict)
        }
      }
    }
    // Answers that stop at the first candidate, at a later one, and after trying them all.
    #expect(pressesTried.count >= 3, "\(layout): \(pressesTried)")
    #expect(verdicts.count >= 3, "\(layout)")
  }
}
