@main struct KeymapLint { static func main() {} }
