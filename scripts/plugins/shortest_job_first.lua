-- teller_policy/shortest_job_first: the waiting customer whose errand is expected to be shortest
-- goes first — across the teller's skills, by each task's mean service time (ties: longest wait).
-- Cuts the mean wait when tasks differ in length, at the price of long errands waiting longer.
shopfloor.plugin {
  kind = "teller_policy",
  name = "shortest_job_first",
  description = "A free teller takes the head of the line whose task has the shortest mean service time",
  build = function(params, counter)
    local mean = counter:service_means()
    counter:policy(function(teller, lines)
      local best, best_mean, best_arrival
      for _, skill in ipairs(teller.skills) do
        local line = lines[skill]
        if #line > 0 then
          local m = mean[skill]
          local head = line:first()
          if not best or m < best_mean or (m == best_mean and head.arrival < best_arrival) then
            best, best_mean, best_arrival = line, m, head.arrival
          end
        end
      end
      return best
    end)
  end,
}
