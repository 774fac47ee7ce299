-- The seed app's own lines (Korean), without time stamps.
local M = {}

local task_names = { deposit = "예금", loan = "대출" }

function M.start(c)
  return ("%d번 고객 %s업무 시작"):format(c.number, task_names[c.task] or c.task)
end

function M.finish(c)
  return ("%d번 고객 %s업무 완료"):format(c.number, task_names[c.task] or c.task)
end

function M.close(day)
  return ("업무가 마감되었습니다. 오늘 업무를 처리한 고객은 총 %d명이며, 총 업무시간은 %.2f초입니다.")
    :format(day.served, day.end_time)
end

M.menu = "1 : 은행개점\n2 : 종료\n입력 : "
M.bad_choice = function(input) return ("'%s'은(는) 메뉴에 없습니다. 1 또는 2를 입력하세요."):format(input) end
M.bye = "종료합니다."

-- 실시간 화면 (--live)의 말.
function M.task(task) return task_names[task] or task end
function M.at_teller(n) return (" (%d번 창구)"):format(n) end
function M.business_time(clock) return "업무시간 - " .. clock end
function M.counts(waiting, working, served)
  return ("대기 %d명 · 업무 %d명 · 처리 %d명"):format(waiting, working, served)
end
M.waiting_title = "대기중"
M.working_title = "업무중"
M.add_button = "고객 10명 추가"
M.reset_button = "초기화"

return M
