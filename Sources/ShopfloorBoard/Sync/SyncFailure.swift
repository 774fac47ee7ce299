#if PostgresSync
import Foundation
import PostgresNIO

/// Turns what postgres-nio and SwiftNIO throw into one line a user can act on, instead of a Swift
/// dump (`Connection errors: SingleConnectionFailure(target: …`):
///
/// - `cannot reach postgres://ada@127.0.0.1:1/shopfloor: connection refused; changes wait for the next sync`
/// - `postgres://ada@db/shopfloor refused the login: password authentication failed for user "ada"; check …`
/// - `lost the connection to postgres://…: the server closed the connection; changes wait for the next sync`
///
/// The remote is named by ``RemoteTarget/description`` (never the password), and a password that
/// appears in a reason anyway is replaced by `***`.
enum SyncFailure {
    /// What to do when the server could not be used: nothing is lost.
    static let waitAdvice = "changes wait for the next sync"

    /// The error for `error`, thrown while talking to `target`; `connected` tells whether the
    /// connection had been made (a failure after it is a lost connection or a server refusal).
    static func error(for error: any Error, target: RemoteTarget, connected: Bool) -> BoardError {
        if let error = error as? BoardError { return error }
        let failure: BoardError
        if let error = error as? PSQLError, error.code == .sslUnsupported {
            failure = .syncFailed(reason: "\(target) does not offer TLS, which sslmode=\(target.tls.rawValue) asks for",
                                  advice: "enable TLS on the server, or use sslmode=prefer in the remote URL")
        } else if let error = error as? PSQLError, let message = error.serverInfo?[.message] {
            let state = error.serverInfo?[.sqlState] ?? ""
            // Class 28 is "invalid authorization", 3D "invalid catalog name" (no such database).
            if state.hasPrefix("28") {
                failure = .syncFailed(reason: "\(target) refused the login: \(message)",
                                      advice: "check the user and the password (PGPASSWORD, ~/.pgpass or the board config's password)")
            } else if state == "3D000" {
                failure = .syncFailed(reason: "\(target) refused the connection: \(message)",
                                      advice: "check the database name in the remote URL")
            } else {
                failure = .syncFailed(reason: "the server \(target) refused the sync: \(message)", advice: waitAdvice)
            }
        } else if connected {
            failure = .syncFailed(reason: "lost the connection to \(target): \(reason(error))", advice: waitAdvice)
        } else {
            failure = .syncFailed(reason: "cannot reach \(target): \(reason(error))", advice: waitAdvice)
        }
        return redacting(failure, target: target)
    }

    /// `failure`, which ended a sync after its push committed: the line says what went through
    /// and what did not, instead of "changes wait for the next sync" (the pushed ones do not).
    ///
    /// `lost the connection to postgres://…: the server closed the connection; pushed 3 changes,
    /// pulled nothing: the other replicas' changes come with the next sync`
    static func afterPush(_ failure: BoardError, pushed: Int) -> BoardError {
        guard pushed > 0, case .syncFailed(let reason, _) = failure else { return failure }
        let what = pushed == 1 ? "1 change" : "\(pushed) changes"
        return .syncFailed(reason: reason, advice: "\(BoardError.pushedAdvicePrefix)\(what), pulled nothing: "
            + "the other replicas' changes come with the next sync")
    }

    /// `error`, a local write that failed after the push committed: the server has the pushed versions, so
    /// the line says so instead of "the change was not saved". `recorded`: whether the board recorded the
    /// push (then it was applying what the sync pulled that failed).
    ///
    /// `could not record the sync in the board: the disk holding … is full; pushed 3 changes, which the
    /// next sync sends again (harmless), pulled nothing: the other replicas' changes come with the next sync`
    static func notRecorded(_ error: BoardError, pushed: Int, recorded: Bool) -> BoardError {
        let what = pushed == 1 ? "1 change" : "\(pushed) changes"
        let pulled = "pulled nothing: the other replicas' changes come with the next sync"
        if recorded {
            return .syncFailed(reason: "could not apply what the sync pulled: \(error.databaseReason)",
                               advice: "\(BoardError.pushedAdvicePrefix)\(what), \(pulled)")
        }
        return .syncFailed(reason: "could not record the sync in the board: \(error.databaseReason)",
                           advice: "\(BoardError.pushedAdvicePrefix)\(what), which the next sync sends again (harmless), \(pulled)")
    }

    /// A short lower-case reason for a networking error: `connection refused`, `no answer within
    /// 2 s`, `the host name db.example.com could not be resolved`, …
    static func reason(_ error: any Error) -> String {
        switch error {
        case let error as PSQLError:
            if let underlying = error.underlying { return reason(underlying) }
            switch error.code {
            case .serverClosedConnection, .uncleanShutdown: return "the server closed the connection"
            case .clientClosedConnection: return "the connection was closed"
            case .sslUnsupported: return "the server does not offer TLS (sslmode=require or verify-… in the URL asks for it)"
            case .connectionError: return "the connection failed"
            case .unsupportedAuthMechanism: return "the server asks for a login method this tool does not support"
            case .authMechanismRequiresPassword: return "the server asks for a password, and none was given"
            default: return "the server's answer could not be understood (\(error.code))"
            }
        case let error as NIOConnectionError:
            if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
                return "the host name \(error.host) could not be resolved"
            }
            if let first = error.connectionErrors.first { return reason(first.error) }
            return "no address found for \(error.host)"
        case let error as IOError:
            return String(cString: strerror(error.errnoCode)).lowercased()
        case let error as ChannelError:
            if case .connectTimeout(let amount) = error {
                return "no answer within \(seconds(amount.nanoseconds)) s"
            }
            return "the connection failed (\(oneLine(String(describing: error))))"
        case let error as NIOSSLError:
            return "the TLS handshake failed (\(oneLine(String(describing: error))))"
        case is CancellationError:
            return "the sync was cancelled"
        default:
            return oneLine(String(describing: error))
        }
    }

    /// `text` on one line, at most 160 characters: the last resort for an error nobody named.
    static func oneLine(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return flat.count <= 160 ? flat : String(flat.prefix(159)) + "…"
    }

    private static func seconds(_ nanoseconds: Int64) -> String {
        let value = Double(nanoseconds) / 1e9
        return value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }

    private static func redacting(_ error: BoardError, target: RemoteTarget) -> BoardError {
        guard let password = target.password, !password.isEmpty,
              case .syncFailed(let reason, let advice) = error
        else { return error }
        return .syncFailed(reason: reason.replacingOccurrences(of: password, with: "***"), advice: advice)
    }
}
#endif
