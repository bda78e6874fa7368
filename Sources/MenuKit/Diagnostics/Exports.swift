// MenuKit's API shows positions in files (`SourceLocation`, in every `Diagnostic`), and they are
// declared in the JSON layer every file reader uses. Re-exporting it lets a client that imports
// only MenuKit name them, as before the JSON layer became its own module (decision 0016).
@_exported public import MenuKitJSON
