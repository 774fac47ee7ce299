-- teller_policy/priority_first: across every line a teller can serve, the highest-priority
-- customer goes first (longest waiting among equals).
shopfloor.plugin {
  kind = "teller_policy",
  name = "priority_first",
  description = "A free teller takes the highest-priority waiting customer among all its skills' lines",
  build = function(params, counter)
    counter:policy(function(teller, lines)
      local best, best_priority, best_arrival
      for _, skill in ipairs(teller.skills) do
        local line = lines[skill]
        if #line > 0 then
          -- Within a line the core keeps priority order, so the head is that line's best.
          local c = line:first()
          if not best or c.priority > best_priority or (c.priority == best_priority and c.arrival < best_arrival) then
            best, best_priority, best_arrival = c.number, c.priority, c.arrival
          end
        end
      end
      return best
    end)
  end,
}
