import Foundation

/// The terminal for the live view: raw keys, the alternate screen, in-place redraws, and a
/// guaranteed restore (on `q`, Ctrl-C, SIGTERM, a script error, or exit).
final class Terminal {
    private var original = termios()
    private var active = false
    /// Set by SIGINT/SIGTERM: the live loop ends and restores the terminal.
    nonisolated(unsafe) static var stopRequested: Int32 = 0
    nonisolated(unsafe) private static var saved: termios?
    /// The handlers of SIGINT, SIGTERM and SIGHUP before the view (``FatalSignals``'), put back after it.
    private var previousHandlers: [Int32: sigaction] = [:]

    /// Whether stdin and stdout are a real terminal that can draw (`TERM` is not `dumb`).
    static var canDraw: Bool {
        isatty(0) != 0 && isatty(1) != 0 && ProcessInfo.processInfo.environment["TERM"].map { $0 != "dumb" && !$0.isEmpty } ?? false
    }

    func start() {
        tcgetattr(0, &original)
        Terminal.saved = original
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(0, TCSAFLUSH, &raw)
        active = true
        Terminal.stopRequested = 0
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            var previous = sigaction()
            if sigaction(sig, nil, &previous) == 0 { previousHandlers[sig] = previous }
            // One the process was started with ignored stays ignored (InterruptSignal): `q` still leaves.
            if InterruptSignal.isIgnored(previous) { continue }
            signal(sig) { _ in Terminal.stopRequested = 1 }
            sigaddset(&unblock, sig)
        }
        // A parent may have started us with these blocked (the mask is inherited).
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        atexit { Terminal.emergencyRestore() }
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
    }

    func restore() {
        guard active else { return }
        active = false
        write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(0, TCSAFLUSH, &original)
        Terminal.saved = nil
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            if var previous = previousHandlers[sig] { sigaction(sig, &previous, nil) } else { signal(sig, SIG_DFL) }
        }
    }

    /// Last resort at exit: leave the terminal as it was found.
    private static func emergencyRestore() {
        guard var t = saved else { return }
        let text = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
        _ = text.withCString { Foundation.write(1, $0, strlen($0)) }
        tcsetattr(0, TCSAFLUSH, &t)
    }

    /// Columns and rows (80×24 when unknown).
    var size: (columns: Int, rows: Int) {
        var w = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &w) == 0, w.ws_col > 0, w.ws_row > 0 { return (Int(w.ws_col), Int(w.ws_row)) }
        return (80, 24)
    }

    /// Waits up to `timeout` seconds for input and returns the keys typed (escape sequences dropped).
    func keys(waiting timeout: Double) -> [Character] {
        var fds = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        guard poll(&fds, 1, Int32(max(0, timeout) * 1000)) > 0 else { return [] }
        // The terminal went away (hang-up, closed): stop instead of spinning on a dead descriptor.
        if fds.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            Terminal.stopRequested = 1
            return []
        }
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = read(0, &buffer, 64)
        if n == 0 { Terminal.stopRequested = 1 }
        guard n > 0 else { return [] }
        if buffer[0] == 0x1B { return [] }
        return String(decoding: buffer[0..<n], as: UTF8.self).map { $0 }
    }

    /// Redraws the whole screen in place: home, each line then clear-to-end, clear below.
    /// No full clear, so nothing flickers.
    func draw(_ lines: [String]) {
        var out = "\u{1B}[H"
        for line in lines { out += line + "\u{1B}[0m\u{1B}[K\r\n" }
        out += "\u{1B}[J"
        write(out)
    }

    private func write(_ text: String) {
        var copy = text
        copy.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Foundation.write(1, bytes.baseAddress! + offset, bytes.count - offset)
                if n <= 0 { if errno == EINTR { continue }; return }
                offset += n
            }
        }
    }
}
