import Foundation

/// Command-line arguments that are not UTF-8 (a file named in Latin-1, `--set name=\xff`): Swift reads
/// them with each bad byte replaced by U+FFFD, so `shopfloor run caf\xe9.lua` looked for another file and said
/// "no such file" about a file that is there, and a value or a script argument was silently changed. Such a
/// command line is refused (exit 64), naming the argument with its bytes shown.
enum RawArguments {
    /// The first argument (after the program's name) that is not valid UTF-8, with its invalid bytes as `\xNN`.
    static func firstInvalid() -> String? {
        for index in 1..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[index] else { continue }
            if String(validatingCString: raw) != nil { continue }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw))
            return shown(Array(bytes))
        }
        return nil
    }

    /// `bytes` as text, each byte that is not part of valid UTF-8 as `\xNN`.
    static func shown(_ bytes: [UInt8]) -> String {
        var out = "", i = 0
        while i < bytes.count {
            // The longest valid UTF-8 sequence starting here (1 to 4 bytes), else one byte escaped.
            var taken = false
            for length in 1...4 where i + length <= bytes.count {
                if let s = String(validating: bytes[i..<(i + length)], as: UTF8.self), s.unicodeScalars.count == 1 {
                    out += s; i += length; taken = true; break
                }
            }
            if !taken { out += String(format: "\\x%02X", bytes[i]); i += 1 }
        }
        return out
    }
}
