import CLua
import Foundation

/// A Swift function Lua can call. It returns how many results it pushed, or throws:
/// `LuaArgumentError` → `bad argument #n to 'f' (…)`; `LuaRaise` → the message as is;
/// a `LuaError` from a nested call → its message as is; any other error → `chunk:line: error`
/// of the Lua caller. The C trampoline raises; Swift never does.
public typealias LuaFunction = (LuaCall) throws -> Int

/// Where a state's `print` goes; shared by the state and its `print` function (see `LuaState.output`).
/// Defaults to standard output, unbuffered (the CLI points it at its own checked, buffered stream).
/// A failed write is dropped, never a trap: Foundation's `FileHandle.write(_: Data)` traps on a full disk.
final class OutputSink {
    var write: (String) -> Void = { text in
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }
}

/// Holds a Swift closure for the life of the Lua function that wraps it.
final class FunctionBox {
    let body: LuaFunction
    /// The most arguments `body` reads (LuaHostFunction); nil: unchecked.
    let arguments: Int?
    init(_ body: @escaping LuaFunction, arguments: Int? = nil) {
        self.body = body
        self.arguments = arguments
    }
}

/// The C-callable entry of every Swift function (see `sf_trampoline`).
let swiftFunctionEntry: sf_swift_function = { L, context in
    let box = Unmanaged<FunctionBox>.fromOpaque(context!).takeUnretainedValue()
    let call = LuaCall(L!)
    // Performance: one comparison when the count holds (LuaHostFunction); bank-open policies=lua.
    if let most = box.arguments, call.count > most, let surplus = call.stack.surplusArgument(after: most) {
        call.stack.push(surplus.detail)
        return sf_argerror_code(Int32(surplus.index))
    }
    do {
        return Int32(try box.body(call))
    } catch let error as LuaArgumentError {
        call.stack.push(error.detail)
        return sf_argerror_code(Int32(error.index))
    } catch let error as LuaRaise {
        call.stack.push(error.message)
        return sf_raise_code()
    } catch let error as LuaError {
        call.stack.push(error.message)
        return sf_raise_code()
    } catch {
        call.stack.push(String(describing: error))
        return sf_raise_where_code()
    }
}

let releaseFunctionBox: sf_release_function = { context in
    Unmanaged<FunctionBox>.fromOpaque(context!).release()
}

extension LuaStack {
    /// Pushes a Lua function that runs `body`. The closure (and what it captures) is released when
    /// Lua collects the function. Stack: [] → [function].
    ///
    /// While the state closes (finalizers run by `lua_close`), the function raises an error instead
    /// of running, unless `callableWhileClosing`: most host functions reach objects being torn down.
    public func push(function body: @escaping LuaFunction, callableWhileClosing: Bool = false) {
        push(function: .variadic(body), callableWhileClosing: callableWhileClosing)
    }

    /// Pushes `function`, whose surplus arguments are refused before its body runs (LuaHostFunction).
    /// Stack: [] → [function].
    public func push(function: LuaHostFunction, callableWhileClosing: Bool = false) {
        let box = Unmanaged.passRetained(FunctionBox(function.body, arguments: function.arguments)).toOpaque()
        sf_push_swift_function(L, swiftFunctionEntry, box, releaseFunctionBox, 0, callableWhileClosing ? 1 : 0)
    }
}

extension LuaState {
    /// Makes `body` callable from Lua as the global `name`.
    public func register(_ name: String, _ body: @escaping LuaFunction) {
        stack.push(function: body)
        setGlobal(name)
    }

    /// Sets `table.name = function` for the table at `index`. Stack unchanged.
    public func setFunction(_ name: String, in index: Int32, _ body: @escaping LuaFunction) {
        let t = lua_absindex(L, index)
        stack.push(function: body)
        stack.setField(name, in: t)
    }

    /// Sets `table.name = body` for the table at `index`; `body` reads at most `takes` arguments and a
    /// surplus one is refused before it runs (LuaHostFunction). Stack unchanged.
    public func setFunction(_ name: String, in index: Int32, takes count: Int, _ body: @escaping LuaFunction) {
        setFunction(name, in: index, .takes(count, body))
    }

    /// Sets `table.name = function` for the table at `index`, with its argument count checked
    /// (LuaHostFunction). Stack unchanged.
    public func setFunction(_ name: String, in index: Int32, _ function: LuaHostFunction) {
        let t = lua_absindex(L, index)
        stack.push(function: function)
        stack.setField(name, in: t)
    }
}
