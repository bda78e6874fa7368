/// Reads a fuzzer's input as text, as a file reader would after checking its UTF-8.
func fuzzText(_ data: UnsafePointer<UInt8>, _ size: Int) -> String {
  String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
}

/// Stops the fuzzer with a message: a promise of the API does not hold for this input.
func fuzzFailure(_ message: String) -> Never {
  fatalError(message)
}
