@main struct MenuDump { static func main() {} }
