-- teller_policy/cross_training: tellers trained in several skills help other lines when their own
-- is empty. Tellers list their skills own-first (counter:tellers { skills = { "loan", "deposit" } }).
-- With help_when = 1 this is the core's built-in "skills" rule; with more, a teller helps only
-- when the other line is at least that long, keeping itself free for its own customers.
shopfloor.plugin {
  kind = "teller_policy",
  name = "cross_training",
  description = "A teller serves its own skill first and helps another of its skills when that line has help_when or more waiting",
  params = {
    help_when = { default = 1, min = 1, description = "customers waiting in another line before a teller helps there" },
  },
  build = function(params, counter)
    local help_when = params.help_when
    if help_when == 1 then
      counter:policy "skills"
      return
    end
    counter:policy(function(teller, lines)
      local own = lines[teller.skill]
      if #own > 0 then return own end
      local skills = teller.skills
      for i = 2, #skills do
        local other = lines[skills[i]]
        if #other >= help_when then return other end
      end
      return nil -- stay free for our own customers
    end)
  end,
}
