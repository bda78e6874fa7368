public import MenuKit

// MARK: - API

extension KeyboardMap {
  /// The width and height of one key unit in the SVG drawing, in pixels.
  static let unit = 50.0
  /// The gap between neighbouring keys, in pixels.
  static let gap = 4.0

  /// Draws one layer as an SVG keyboard.
  ///
  /// Each key is a `g` element with the class `key` and one of `bound` (a key command sits
  /// on it; its title is written on the key), `free` (nothing does), `held` (a modifier of
  /// the layer) or `modifier` (another modifier key), a `data-evdev` attribute with its evdev
  /// code, and a `title` (a tooltip) naming the key and what is on it. The drawing is
  /// `svg.keyboard` with `data-geometry` and `data-layer` attributes. Every text is escaped.
  ///
  /// ```swift
  /// let svg = map.svg(for: map.layers[0], platform: .linux)
  /// // <svg class="keyboard" data-geometry="iso" data-layer="Ctrl" …>
  /// ```
  ///
  /// - Parameters:
  ///   - layer: The layer to draw; its modifier keys are drawn held.
  ///   - platform: The platform whose modifier names the layer's title uses.
  /// - Returns: The `svg` element, without an XML declaration, for inline use in HTML.
  public func svg(for layer: Layer, platform: PlatformProfile) -> String {
    let width = geometry.width * Self.unit
    let height = geometry.height * Self.unit
    let layerTitle = layer.title(for: platform)
    var svg =
      "<svg class=\"keyboard\" data-geometry=\"\(escape(geometry.name))\" "
      + "data-layer=\"\(escape(layerTitle))\" viewBox=\"0 0 \(format(width)) \(format(height))\" "
      + "width=\"\(format(width))\" height=\"\(format(height))\" role=\"img\" "
      + "aria-label=\"\(escape("Keyboard (\(geometry.name.uppercased())), \(layerTitle)"))\">\n"
    for key in geometry.keys {
      svg += self.key(key, in: layer, layerTitle: layerTitle)
    }
    return svg + "</svg>"
  }

  /// The HTML of the whole map: a colour key, one SVG keyboard per layer with a heading and
  /// its counts of bound and free keys, and a table of the unplaced key commands.
  ///
  /// When no layer has a key command, the layer of the platform's primary modifier is drawn,
  /// all free. The markup is meant for ``HTMLMenuRenderer/Section/trustedMarkup``.
  ///
  /// - Parameter platform: The platform whose modifier names the headings use.
  /// - Returns: The markup.
  public func htmlMarkup(platform: PlatformProfile) -> String {
    var html =
      "<div class=\"key-legend\"><span><span class=\"swatch bound\"></span>a command</span>"
      + "<span><span class=\"swatch free\"></span>free</span>"
      + "<span><span class=\"swatch held\"></span>held modifier</span></div>\n"
    let shown =
      layers.isEmpty
      ? [Layer(modifiers: platform.physicalModifiers(.command), bindings: [])] : layers
    for layer in shown {
      let title = layer.title(for: platform)
      let bound = Set(layer.bindings.compactMap(\.evdevCode)).count
      let free = layer.freeKeys(in: geometry, legends: legends).count
      html +=
        "<div class=\"keyboard-layer\" data-layer=\"\(escape(title))\">"
        + "<h3>\(escape(title)) <span class=\"count\">\(bound) bound, \(free) free</span></h3>\n"
        + svg(for: layer, platform: platform) + "\n</div>\n"
    }
    if !unplaced.isEmpty {
      html +=
        "<h3>Not on this keyboard</h3>\n<table class=\"unplaced\">"
        + "<tr><th>Command</th><th>Shortcut</th></tr>"
      for binding in unplaced {
        html += "<tr><td>\(escape(binding.title))</td><td>\(escape(binding.label))</td></tr>"
      }
      html += "</table>\n"
    }
    return html
  }
}

// MARK: - Internal

extension KeyboardMap {
  /// The `g` element of one key.
  func key(_ key: KeyboardGeometry.PhysicalKey, in layer: Layer, layerTitle: String) -> String {
    let legend = legends[key.evdevCode]
    let bindings = layer.bindings(onKey: key.evdevCode)
    let kind: String
    if let modifier = legend?.modifier {
      kind = !modifier.isEmpty && layer.modifiers.contains(modifier) ? "held" : "modifier"
    } else {
      kind = bindings.isEmpty ? "free" : "bound"
    }
    let name = legend.map { [$0.shifted, $0.base].compactMap { $0 }.joined(separator: " ") }
    var tooltip = name ?? "key \(key.evdevCode)"
    switch kind {
    case "bound":
      tooltip +=
        ": "
        + bindings.map {
          "\($0.label) \($0.title)" + ($0.isLatinFallback ? " (at its US QWERTY position)" : "")
        }.joined(separator: "; ")
    case "free":
      tooltip += ": free with \(layerTitle)"
    default:
      break
    }

    let x = key.x * Self.unit + Self.gap / 2
    let y = key.y * Self.unit + Self.gap / 2
    let width = key.width * Self.unit - Self.gap
    let height = key.height * Self.unit - Self.gap
    var svg =
      "<g class=\"key \(kind)\" data-evdev=\"\(key.evdevCode)\"><title>\(escape(tooltip))</title>"
    if let lower = key.lowerPart {
      // ISO Enter: the top row's part, then the narrower part on the row below.
      let right = x + width
      let lowerX = lower.x * Self.unit + Self.gap / 2
      let bottom = y + (key.height + 1) * Self.unit - Self.gap
      let step = y + height
      svg +=
        "<path d=\"M\(format(x)) \(format(y))H\(format(right))V\(format(bottom))"
        + "H\(format(lowerX))V\(format(step))H\(format(x))Z\"/>"
    } else {
      svg +=
        "<rect x=\"\(format(x))\" y=\"\(format(y))\" width=\"\(format(width))\" "
        + "height=\"\(format(height))\" rx=\"5\"/>"
    }
    if let legend {
      let small = legend.base.count > 2 ? " small" : ""
      if let shifted = legend.shifted {
        svg += text(shifted, x: x + 5, y: y + 14, class: "legend")
        svg += text(legend.base, x: x + 5, y: y + 28, class: "legend")
      } else {
        svg += text(legend.base, x: x + 5, y: y + 15, class: "legend" + small)
      }
      if let altGr = legend.altGr {
        svg += text(altGr, x: x + width - 12, y: y + 28, class: "altgr")
      }
    }
    if let first = bindings.first {
      var title = first.title + (first.needsAltGr ? " (AltGr)" : "")
      if let continuation = first.continuation { title += " ↳" + continuation }
      if bindings.count > 1 { title += " +\(bindings.count - 1)" }
      // About 5.6 pixels per character of the 9-pixel command font.
      let perLine = max(3, Int((width - 6) / 5.6))
      for (index, line) in Self.wrap(title, width: perLine, lines: 2).enumerated() {
        svg += text(line, x: x + 4, y: y + height - 14 + Double(index) * 10, class: "command")
      }
    }
    return svg + "</g>\n"
  }

  /// A `text` element.
  func text(_ string: String, x: Double, y: Double, class name: String) -> String {
    "<text class=\"\(name)\" x=\"\(format(x))\" y=\"\(format(y))\">\(escape(string))</text>"
  }

  /// Text escaped for HTML and SVG.
  func escape(_ text: String) -> String { HTMLMenuRenderer.escape(text) }

  /// A coordinate with at most one decimal.
  func format(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    return tenths.truncatingRemainder(dividingBy: 10) == 0
      ? String(Int(tenths / 10)) : String(tenths / 10)
  }

  /// The text broken at spaces into at most `lines` lines of at most `width` characters;
  /// a cut line ends in `…`.
  static func wrap(_ text: String, width: Int, lines maximum: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      let candidate = current.isEmpty ? String(word) : current + " " + word
      if candidate.count <= width || current.isEmpty {
        current = candidate  // a single long word stays whole here and is cut below
      } else {
        lines.append(current)
        current = String(word)
      }
    }
    if !current.isEmpty { lines.append(current) }
    let cut = lines.count > maximum || lines.prefix(maximum).contains { $0.count > width }
    var shown = lines.prefix(maximum).map { String($0.prefix(width)) }
    if cut, let last = shown.popLast() {
      shown.append(String(last.prefix(max(0, width - 1))) + "…")
    }
    return shown
  }
}
