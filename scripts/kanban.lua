-- scripts/kanban.lua: the task board's workflow simulated — TODO, DOING under the board's own WIP rule, DONE.
--
--   shopfloor run scripts/kanban.lua                          # 120 working days, lead time and throughput
--   shopfloor run scripts/kanban.lua --set max_doing=2        # a tighter WIP limit (the rule's own parameter)
--   shopfloor run scripts/kanban.lua --use board_rule=standard   # another rule of scripts/board_rules.lua
--   shopfloor run scripts/kanban.lua --format json --trace board.jsonl
--
-- The clock counts working hours (one second of the simulation is one second of work; 8 hours a day). Tasks
-- arrive on the board at random (Poisson, tasks_per_day) into TODO: the line of the team's task "todo". A free
-- developer first finishes what is already in DOING — a task approved in review to merge, a task sent back from
-- review to rework — and otherwise pulls the oldest TODO card into DOING, if the board's rule allows the move.
-- Working on it takes work_hours (exponential); then it waits for the reviewer (station "review",
-- review_hours); rework_share of the reviews send it back to a developer (rework_hours), the rest are approved
-- and merged by a developer (merge_minutes), and the card moves to DONE: the task leaves. A card is in DOING
-- from the pull until the merge ends, whether someone works on it or it waits for review.
--
-- The WIP limit is the board's: `shopfloor.use("board_rule", "wip_limit")` builds the very rule `shopfloor
-- board move` consults (scripts/board_rules.lua, beside this file; its max_doing is this run's parameter, so
-- --set max_doing=N changes it as it does for the board). The developers' teller policy calls the rule for every
-- pull, with the move `{ kind = "move", from = "todo", to = "doing", … }` and the board's counts at that moment,
-- rather than reading a limit once at load: any board rule works here unchanged, whatever it decides on.
-- A refusal (a message, or false) keeps the developer idle; nil, true or a table of changed fields allow it.
-- The idle developer asks again when a card comes back to the team (a review's end) or a new task arrives, and
-- the one whose merge freed the slot asks at once, so no pull the rule allows is ever delayed.

local p = shopfloor.params {
  days = { default = 120, min = 1, description = "working days simulated (8 hours each)" },
  tasks_per_day = { default = 2, min = 0, description = "tasks added to TODO per working day (Poisson)" },
  developers = { default = 3, min = 1, description = "developers (they work, rework and merge)" },
  reviewers = { default = 1, min = 1, description = "reviewers" },
  work_hours = { default = 6, min = 0, description = "mean hours of work on a task (exponential)" },
  review_hours = { default = 1.5, min = 0, description = "mean hours of a review (exponential)" },
  rework_share = { default = 0.3, min = 0, max = 1, description = "share of reviews that send the task back" },
  rework_hours = { default = 2, min = 0, description = "mean hours of rework after a review (exponential)" },
  merge_minutes = { default = 15, min = 0, description = "mean minutes to merge an approved task (exponential)" },
}

local HOUR, DAY = 3600, 8 * 3600

-- The board's rule, built from scripts/board_rules.lua with this run's parameters (max_doing, …).
local rule = shopfloor.use("board_rule", "wip_limit")

-- The team: TODO is the line of "todo"; "rework" and "merge" hold DOING cards waiting for a developer.
local team = shopfloor.counter "team"
local review = shopfloor.counter "review"
team:task { name = "todo", service = shopfloor.exponential(p.work_hours * HOUR), route = "review.review" }
team:task { name = "rework", service = shopfloor.exponential(p.rework_hours * HOUR), route = "review.review" }
team:task { name = "merge", service = shopfloor.exponential(p.merge_minutes * 60), route = "exit" }
review:task { name = "review", service = shopfloor.exponential(p.review_hours * HOUR),
              route = { ["team.rework"] = p.rework_share, ["team.merge"] = 1 - p.rework_share } }
team:tellers { skills = { "merge", "rework", "todo" }, count = p.developers, name = "developers" }
review:tellers { skill = "review", count = p.reviewers, name = "reviewers" }
if p.tasks_per_day > 0 then team:arrivals { rate = p.tasks_per_day / DAY, mix = { todo = 1 } } end
shopfloor.stop { time = p.days * DAY }

-- The board as the rule sees it: cards per column. DOING counts from the pull to the end of the merge.
local doing, done, refusals, most_doing = 0, 0, 0, 0
local pulled_at, cycle_times = {}, {}

local function today()
  return os.date("!%Y-%m-%d", 1767225600 + (shopfloor.now() // DAY) * 86400)   -- working day n after 2026-01-01
end

-- Asks the rule whether the oldest TODO card may move to DOING now.
local function may_pull(card, todo_count)
  local task = { title = "task " .. card, body = "simulated", state = "todo" }
  local moved = { title = task.title, body = task.body, state = "doing" }
  local answer = rule({ kind = "move", from = "todo", to = "doing", task = moved,
                        current = { id = card, title = task.title, body = task.body, state = "todo", overdue = false } },
                      { counts = { todo = todo_count, doing = doing, done = done }, total = todo_count + doing + done,
                        today = today() })
  if answer == nil or answer == true or type(answer) == "table" then return true end
  refusals = refusals + 1
  return false
end

team:policy(function(teller, lines)
  if #lines.merge > 0 then return lines.merge end           -- finishing comes before starting
  if #lines.rework > 0 then return lines.rework end
  local todo = lines.todo
  if #todo > 0 and may_pull(todo:head(), #todo) then
    doing = doing + 1
    most_doing = math.max(most_doing, doing)
    pulled_at[todo:head()] = shopfloor.now()
    return todo
  end
end)

-- A merge's end moves the card to DONE (before the developer is offered work again: the slot is free).
team:on("finish", function(c)
  if c.task == "merge" then
    doing = doing - 1
    done = done + 1
    cycle_times[#cycle_times + 1] = c.time - pulled_at[c.number]
    pulled_at[c.number] = nil
  end
end)

local function hours(seconds) return ("%.1f h"):format(seconds / HOUR) end
local function percentile(sorted, q) return sorted[math.max(1, math.ceil(q * #sorted))] or 0 end

shopfloor.on("end", function(board)
  local lead = board.journeys["*"].time_in_system
  table.sort(cycle_times)
  local cycle_sum = 0
  for _, t in ipairs(cycle_times) do cycle_sum = cycle_sum + t end
  local days = (board.end_time - board.start_time) / DAY
  print(("Board after %.0f working days: %d done, %d in DOING, %d in TODO."):format(days, done, doing, #team:line "todo"))
  print(("  throughput %.2f tasks per day; most cards in DOING at once: %d; pulls the rule refused: %d"):format(
    done / days, most_doing, refusals))
  print(("  lead time (TODO to DONE): mean %s, 90 %% within %s"):format(hours(lead.mean), hours(lead.p90)))
  print(("  cycle time (DOING to DONE): mean %s, 90 %% within %s"):format(
    hours(#cycle_times > 0 and cycle_sum / #cycle_times or 0), hours(percentile(cycle_times, 0.9))))
end)
