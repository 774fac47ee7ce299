-- Board rules: checks run before every change to the board (add, edit, move, remove).
--
-- Each rule is a plugin of kind "board_rule". Choose one in the board's config file
-- (rule = "standard" in board.toml, beside board.sqlite) or for one command with
-- --use board_rule=NAME; set its parameters with [params] in the config or --set name=value.
--
-- A rule is built once from its parameters and returns a function(change, board):
--   change.kind     "add", "edit", "move" or "remove"
--   change.task     the task as it would be after the change: title, body, due ("YYYY-MM-DD" or nil),
--                   state ("todo", "doing", "done"); nil for a removal
--   change.current  the task before the change (plus id, uuid, overdue); nil for an add
--   change.from     change.current.state (nil for an add)
--   change.to       change.task.state (nil for a removal)
--   board.counts    tasks per column before the change: board.counts.todo, .doing, .done
--   board.total     tasks on the board
--   board.today     today's date, "YYYY-MM-DD" (local time)
-- and answers with:
--   nil (or true)   allow the change
--   "message"       refuse it: nothing is written, the message is shown, the command exits with 1
--   { field = … }   allow it with these fields changed (title, body, due, state; due = false clears)

-- The date `days` after `today` ("YYYY-MM-DD"), as "YYYY-MM-DD". Counted in calendar days from
-- noon: adding days * 24 hours to the clock gave a day less (or more) when the week crossed a
-- change to or from summer time near midnight. From board.today, so the rule agrees with the board.
local function days_after(today, days)
  local y, m, d = today:match("^(%d+)-(%d+)-(%d+)$")
  return os.date("%Y-%m-%d", os.time { year = tonumber(y), month = tonumber(m), day = tonumber(d) + days, hour = 12 })
end

-- At most max_doing tasks in DOING (a work-in-progress limit).
local function wip_limit(params)
  return function(change, board)
    local entering = change.to == "doing" and change.from ~= "doing"
    if entering and board.counts.doing >= params.max_doing then
      return ("at most %d tasks in DOING: finish one first"):format(params.max_doing)
    end
  end
end

-- A task reaches DONE only with a body saying what was done, and keeps it there. Checked when a
-- task enters DONE or its body is cleared in DONE: a DONE task that never had a body (added before
-- the rule was chosen) may still be renamed or given a deadline.
local function done_needs_body(params)
  return function(change, board)
    local entering = change.from ~= "done"
    local clearing = change.current ~= nil and change.current.body ~= ""
    if change.to == "done" and change.task.body == "" and (entering or clearing) then
      -- What to type next: an add has no id yet, so it is given its body on the same line.
      local remedy = change.current and ("board edit %d --body \"…\""):format(change.current.id)
        or "add it with --body \"…\""
      return ("'%s' needs a body before it is DONE: %s"):format(change.task.title, remedy)
    end
  end
end

-- A new task without a deadline gets one due_in_days from today.
local function default_due(params)
  return function(change, board)
    if change.kind == "add" and change.task.due == nil then
      return { due = days_after(board.today or os.date("%Y-%m-%d"), params.due_in_days) }
    end
  end
end

-- Runs rules in order: the first refusal wins; changed fields carry over to the next rule.
local function all_of(rules)
  return function(change, board)
    local changed = nil
    for _, rule in ipairs(rules) do
      local answer = rule(change, board)
      if type(answer) == "string" or answer == false then return answer end
      if type(answer) == "table" then
        changed = changed or {}
        local task = {}
        for k, v in pairs(change.task) do task[k] = v end
        for k, v in pairs(answer) do
          changed[k] = v
          task[k] = (v ~= false) and v or nil
        end
        change = { kind = change.kind, task = task, current = change.current, from = change.from, to = task.state }
      end
    end
    return changed
  end
end

local max_doing = { default = 3, min = 1, description = "most tasks allowed in DOING" }
local due_in_days = { default = 7, min = 0, max = 36500, description = "days from today to a new task's default deadline" }

shopfloor.plugin {
  kind = "board_rule",
  name = "wip_limit",
  description = "At most max_doing tasks in DOING",
  params = { max_doing = max_doing },
  build = wip_limit,
}

shopfloor.plugin {
  kind = "board_rule",
  name = "done_needs_body",
  description = "A task needs a body before it moves to DONE",
  build = done_needs_body,
}

shopfloor.plugin {
  kind = "board_rule",
  name = "default_due",
  description = "A new task without a deadline is due due_in_days from today",
  params = { due_in_days = due_in_days },
  build = default_due,
}

shopfloor.plugin {
  kind = "board_rule",
  name = "standard",
  description = "wip_limit, done_needs_body and default_due together",
  params = { max_doing = max_doing, due_in_days = due_in_days },
  build = function(params)
    return all_of { wip_limit(params), done_needs_body(params), default_due(params) }
  end,
}
