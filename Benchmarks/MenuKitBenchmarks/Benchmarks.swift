@main struct Benchmarks { static func main() {} }
