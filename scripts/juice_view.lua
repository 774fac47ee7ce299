-- scripts/juice_view.lua: the juice bar's live screen (shopfloor run scripts/juice.lua --live).
--
-- Each fruit's stock as a bar (count / capacity, with what is on its way), what each maker is making,
-- the deliveries on their way, the last orders that failed and what was short; on a tall terminal
-- the menu too. scripts/juice.lua calls it with its counter, stock and parameters:
--
--   require("juice_view")(bar, stock, p)
--
-- The screen keeps its own notes (failed orders, deliveries due) in two globals, so they survive a
-- `--watch` reload and the REPL can read them: `juice_failures` (newest last) and `juice_deliveries`.

juice_failures = juice_failures or {}
juice_deliveries = juice_deliveries or {}

local KEEP_FAILURES = 20

-- The notes are taken through stock:on hooks installed with the first frame, not at load: a run
-- without --live then calls no Lua per order (the juice-bar benchmark runs this scenario).
local function take_notes(stock)
  local now = shopfloor.now
  stock:on("failed", function(juice, short)
    juice_failures[#juice_failures + 1] = { time = now(), juice = juice, short = short }
    if #juice_failures > KEEP_FAILURES then table.remove(juice_failures, 1) end
  end)
  stock:on("restock", function(fruit, amount, due)
    juice_deliveries[#juice_deliveries + 1] = { fruit = fruit, amount = amount, due = due }
  end)
  stock:on("delivered", function(fruit)
    -- The delivery arriving now is this fruit's earliest one due.
    local first
    for i, d in ipairs(juice_deliveries) do
      if d.fruit == fruit and (not first or d.due < juice_deliveries[first].due) then first = i end
    end
    if first then table.remove(juice_deliveries, first) end
  end)
end

-- "strawberry 10, banana 1" from { banana = 1, strawberry = 10 }, in a stable order.
local function ingredients_text(ingredients)
  local fruits = {}
  for fruit in pairs(ingredients) do fruits[#fruits + 1] = fruit end
  table.sort(fruits)
  for i, fruit in ipairs(fruits) do fruits[i] = fruit .. " " .. ingredients[fruit] end
  return table.concat(fruits, ", ")
end

return function(bar, stock, p)
  local noting = false

  shopfloor.view(function(v)
    if not noting then take_notes(stock); noting = true end
    local stats = stock:stats()
    local waiting = 0
    for _, juice in ipairs(bar:tasks()) do waiting = waiting + #bar:line(juice) end
    local decided = stats.made + stats.failed
    v:label(("Juice bar · %.1f s · %d made · %d failed · fill rate %s · %d waiting")
      :format(v.clock, stats.made, stats.failed, decided > 0 and ("%.1f %%"):format(100 * stats.fill_rate) or "-", waiting), "bold")
    v:label("")

    -- What the shelf holds: red when empty, yellow below the reorder point.
    for _, fruit in ipairs(stock:items()) do
      local count, due = stock:count(fruit), stock:pending(fruit)
      local colour = count == 0 and "red" or count < p.reorder_point and "yellow" or "green"
      v:bar(fruit, count, stock:capacity(fruit) or math.max(count, 1), due > 0 and ("+%d due"):format(due) or "", colour)
    end
    v:label("")

    -- The makers (idle ones too), beside the deliveries on their way.
    local making = {}
    for i = 1, p.makers do making[i] = { text = ("maker %d: idle"):format(i), color = "gray" } end
    for _, c in ipairs(bar:serving()) do
      making[c.teller] = ("maker %d: %s (#%d)"):format(c.teller, c.task, c.number)
    end
    table.sort(juice_deliveries, function(a, b) return a.due < b.due end)
    local coming = {}
    for _, d in ipairs(juice_deliveries) do
      coming[#coming + 1] = { text = ("%d %s at %.1f s"):format(d.amount, d.fruit, d.due), color = "cyan" }
    end
    if #coming == 0 then coming[1] = { text = "none", color = "gray" } end
    v:list("Making", making)
    v:list("Deliveries on the way", coming)

    -- The last failures, newest first, as many as fit (the summary takes the room once finished).
    local rows_left = v.height - 6 - #stock:items() - math.max(#making, #coming)
    local menu = bar:tasks()
    local show_menu = not v.finished and rows_left >= #menu + 2 + 4
    if show_menu then rows_left = rows_left - #menu - 2 end
    v:label(#juice_failures == 0 and "Failed orders: none yet" or "Failed orders (last first)", "bold")
    for i = #juice_failures, math.max(1, #juice_failures - math.max(1, rows_left) + 1), -1 do
      local f = juice_failures[i]
      v:label(("%8.1f s  %s — %s"):format(f.time, f.juice, f.short), "red")
    end

    -- The menu, when the terminal has room: each juice's recipe and how it has gone.
    if show_menu then
      v:label("")
      v:label("Menu", "bold")
      local on_sale = {}
      for _, juice in ipairs(menu) do on_sale[juice] = true end
      for _, r in ipairs(stock:recipes()) do
        local line = ("%-24s %-28s %4d made %4d failed"):format(r.name, ingredients_text(r.ingredients), r.made, r.failed)
        -- A juice added by a reload has no makers' line yet: the makers are set up once, at the start.
        if on_sale[r.name] then v:label(line) else v:label(line .. "  (new: on sale after a restart)", "gray") end
      end
    end
  end)
end
