-- English lines for the bank scenarios. Each function receives the customer (or the day's
-- summary) and returns the line to print.
local M = {}

function M.start(c)
  return ("%6.2f  customer %d: %s started"):format(c.time, c.number, c.task)
end

function M.finish(c)
  return ("%6.2f  customer %d: %s finished"):format(c.time, c.number, c.task)
end

function M.close(day)
  return ("The bank is closed. %d customers were served today; total business time %.2f s.")
    :format(day.served, day.end_time)
end

M.menu = "1 : open the bank\n2 : quit\n> "
M.bad_choice = function(input) return ("'%s' is not on the menu: type 1 or 2."):format(input) end
M.bye = "Goodbye."

-- The live view's words.
function M.task(task) return task end
function M.at_teller(n) return (" (teller %d)"):format(n) end
function M.business_time(clock) return "Business time " .. clock end
function M.counts(waiting, working, served)
  return ("%d waiting · %d being served · %d served so far"):format(waiting, working, served)
end
M.waiting_title = "Waiting"
M.working_title = "Working"
M.add_button = "add 10 customers"
M.reset_button = "reset"

return M
