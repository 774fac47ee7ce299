import Foundation
import Testing
@testable import ShopfloorBoard

@Suite("Overdue deadlines")
struct OverdueTests {
    let now = date("2026-05-01T12:00:00Z")
    let utc = calendar("UTC")

    @Test("a deadline before today is overdue")
    func deadlineBeforeTodayIsOverdue() {
        #expect(due("2026-04-30").isOverdue(now: now, calendar: utc))
        #expect(due("2025-12-31").isOverdue(now: now, calendar: utc))
    }

    @Test("a deadline today is not overdue, even late in the day")
    func deadlineTodayIsNotOverdue() {
        #expect(!due("2026-05-01").isOverdue(now: date("2026-05-01T23:59:59Z"), calendar: utc))
        #expect(!due("2026-05-01").isOverdue(now: date("2026-05-01T00:00:00Z"), calendar: utc))
    }

    @Test("a deadline becomes overdue at the start of the next local day")
    func deadlineBecomesOverdueAtLocalMidnight() {
        #expect(due("2026-05-01").isOverdue(now: date("2026-05-02T00:00:00Z"), calendar: utc))
    }

    @Test("today is decided in the given time zone, not in UTC")
    func todayFollowsTheTimeZone() {
        // 02:00 UTC on 2 May is still 1 May in Los Angeles and already 2 May in Seoul.
        let instant = date("2026-05-02T02:00:00Z")
        #expect(!due("2026-05-01").isOverdue(now: instant, calendar: calendar("America/Los_Angeles")))
        #expect(due("2026-05-01").isOverdue(now: instant, calendar: calendar("Asia/Seoul")))
        #expect(DueDate.today(now: instant, calendar: calendar("America/Los_Angeles")) == due("2026-05-01"))
    }

    @Test("a task without a deadline, or already done, is never overdue")
    func taskWithoutDeadlineOrDoneIsNotOverdue() throws {
        let board = try Board.inMemory()
        let late = try board.add(title: "Late", due: due("2026-01-01"))
        let open = try board.add(title: "Open-ended")
        #expect(late.isOverdue(now: now, calendar: utc))
        #expect(!open.isOverdue(now: now, calendar: utc))
        let finished = try board.move(late.id, to: .done)
        #expect(!finished.isOverdue(now: now, calendar: utc))
    }
}
