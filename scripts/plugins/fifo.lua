-- teller_policy/fifo: the seed's rule. A free teller serves only its own skill (the first it
-- lists), the longest-waiting customer first. Built into the core unless asked for in Lua.
shopfloor.plugin {
  kind = "teller_policy",
  name = "fifo",
  description = "A free teller takes the head of its own skill's line, and only that (the seed's rule)",
  -- mode: "builtin" (default, no Lua call per decision) or "lua" (the same rule as a Lua function)
  build = function(params, counter, mode)
    if mode == "lua" then
      -- looks_at = "own": this function returns nil whenever the own line is empty, so the core asks it
      -- only when someone waits there.
      counter:policy(function(teller, lines)
        local own = lines[teller.skill]
        if #own > 0 then return own end
      end, { looks_at = "own" })
    else
      counter:policy "fifo"
    end
  end,
}
