internal import CGtk4
import MenuKit

/// The user data of a C callback: the bridge, weakly, and what the callback is about.
final class CallbackBox {
  weak var bridge: GtkMenuBridge?
  /// The action name, for an action's `activate`.
  let name: String

  init(bridge: GtkMenuBridge, name: String) {
    self.bridge = bridge
    self.name = name
  }
}

extension GtkMenuBridge {
  /// Connects a C callback to a signal of a GObject, with a ``CallbackBox`` for the bridge as
  /// its user data, released when the handler is disconnected or the object finalized.
  func connect(
    _ instance: UnsafeMutableRawPointer, _ signal: String, _ callback: GCallback,
    name: String = ""
  ) {
    let box = Unmanaged.passRetained(CallbackBox(bridge: self, name: name))
    g_signal_connect_data(
      instance, signal, callback, box.toOpaque(),
      { data, _ in
        guard let data else { return }
        Unmanaged<CallbackBox>.fromOpaque(data).release()
      }, GConnectFlags(0))
  }
}

/// A `GMenu`, an opaque type in Swift, as the `GMenuModel *` GTK takes.
func gMenuModel(_ menu: OpaquePointer) -> UnsafeMutablePointer<GMenuModel> {
  UnsafeMutableRawPointer(menu).assumingMemoryBound(to: GMenuModel.self)
}

/// A new floating GVariant for a state.
private func variant(_ state: GMenuDescription.State) -> OpaquePointer {
  switch state {
  case .boolean(let value): g_variant_new_boolean(value ? 1 : 0)
  case .string(let value): g_variant_new_string(value)
  }
}

extension GtkMenuBridge {
  /// Appends a menu's entries to a GMenu.
  func fill(_ gMenu: OpaquePointer, with menu: GMenuDescription.Menu) {
    for entry in menu.entries {
      switch entry {
      case .item(let item):
        let gItem = g_menu_item_new(item.label, nil)
        if let target = item.target {
          g_menu_item_set_action_and_target_value(gItem, item.action, g_variant_new_string(target))
        } else {
          g_menu_item_set_action_and_target_value(gItem, item.action, nil)
        }
        if let accel = item.accel {
          g_menu_item_set_attribute_value(gItem, "accel", g_variant_new_string(accel))
        }
        g_menu_append_item(gMenu, gItem)
        g_object_unref(UnsafeMutableRawPointer(gItem))
      case .section(let label, _, let content):
        let section = g_menu_new()!
        fill(section, with: content)
        g_menu_append_section(gMenu, label, gMenuModel(section))
        g_object_unref(UnsafeMutableRawPointer(section))
      case .submenu(let label, _, let content):
        let submenu = g_menu_new()!
        fill(submenu, with: content)
        g_menu_append_submenu(gMenu, label, gMenuModel(submenu))
        g_object_unref(UnsafeMutableRawPointer(submenu))
      }
    }
  }

  /// Adds, replaces, updates and removes the application's actions to match ``current``.
  func updateActions(from old: GMenuDescription) {
    let map = OpaquePointer(UnsafeMutableRawPointer(gtkApplication))
    for name in old.actions.keys where current.actions[name] == nil {
      g_action_map_remove_action(map, name)
      if let entry = gActions.removeValue(forKey: name) {
        g_object_unref(UnsafeMutableRawPointer(entry.action))
      }
    }
    for (name, action) in current.actions {
      if let entry = gActions[name], entry.parameterType == action.parameterType,
        entry.stateful == (action.state != nil)
      {
        g_simple_action_set_enabled(entry.action, action.isEnabled ? 1 : 0)
        if let state = action.state { g_simple_action_set_state(entry.action, variant(state)) }
        continue
      }
      if let entry = gActions.removeValue(forKey: name) {
        g_action_map_remove_action(map, name)
        g_object_unref(UnsafeMutableRawPointer(entry.action))
      }
      // The only parameter type is `s`.
      let type = action.parameterType == nil ? nil : menukit_gtk_string_type()
      let gAction: OpaquePointer =
        if let state = action.state {
          g_simple_action_new_stateful(name, type, variant(state))
        } else {
          g_simple_action_new(name, type)
        }
      g_simple_action_set_enabled(gAction, action.isEnabled ? 1 : 0)
      let activate:
        @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) ->
          Void = { _, parameter, data in
            guard let data else { return }
            let box = Unmanaged<CallbackBox>.fromOpaque(data).takeUnretainedValue()
            let target: String? =
              if let parameter, g_variant_is_of_type(parameter, menukit_gtk_string_type()) != 0 {
                String(cString: g_variant_get_string(parameter, nil))
              } else { nil }
            MainActor.assumeIsolated { box.bridge?.activate(box.name, target: target) }
          }
      connect(
        UnsafeMutableRawPointer(gAction), "activate", unsafeBitCast(activate, to: GCallback.self),
        name: name)
      g_action_map_add_action(map, gAction)
      gActions[name] = (gAction, action.parameterType, action.state != nil)
    }
  }

  /// Performs the element an action was activated for, then validates again.
  func activate(_ name: String, target: String?) {
    guard let action = current.actions[name] else { return }
    let element =
      action.elements.first { $0.target == target }?.element ?? action.elements.first?.element
    guard let element else { return }
    application.perform(element)
    refresh()
  }

  /// Gives GTK the single-stroke accelerators of ``current``'s items.
  func updateAccelerators() {
    var accelerators: [String: [String]] = [:]
    func collect(_ menu: GMenuDescription.Menu) {
      for entry in menu.entries {
        switch entry {
        case .item(let item):
          guard let accel = item.accel else { continue }
          var detailed = item.action
          if let target = item.target {
            let variant = g_variant_ref_sink(g_variant_new_string(target))
            if let text = g_action_print_detailed_name(item.action, variant) {
              detailed = String(cString: text)
              g_free(text)
            }
            g_variant_unref(variant)
          }
          accelerators[detailed, default: []].append(accel)
        case .section(_, _, let content), .submenu(_, _, let content):
          collect(content)
        }
      }
    }
    collect(current.menu)
    for name in gtkAccelerators.keys where accelerators[name] == nil {
      setGtkAccelerators([], for: name)
    }
    for (name, list) in accelerators where gtkAccelerators[name] != list {
      setGtkAccelerators(list, for: name)
    }
    gtkAccelerators = accelerators
  }

  private func setGtkAccelerators(_ list: [String], for detailedName: String) {
    var strings: [UnsafeMutablePointer<CChar>?] = list.map { strdup($0) } + [nil]
    defer { for string in strings { free(string) } }
    strings.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(
        to: UnsafePointer<CChar>?.self, capacity: buffer.count
      ) {
        gtk_application_set_accels_for_action(gtkApplication, detailedName, $0)
      }
    }
  }
}
