-- scripts/recipes.lua: the juice bar's recipes, one line per juice (the seed's seven).
--
-- Each line is `recipe "juice name" { fruit = count, … }`. Edit a count or add a line and run again:
-- no rebuild. The core checks every line when the book is loaded — a fruit the stock does not have,
-- a count that is not a positive integer, a recipe with no fruit, the same name twice — and refuses
-- the whole book with `recipes.lua:LINE` and the value at fault, so nothing is half loaded.
local recipe = shopfloor.recipe

return {
  recipe "strawberry juice"        { strawberry = 16 },
  recipe "banana juice"            { banana = 2 },
  recipe "kiwi juice"              { kiwi = 3 },
  recipe "pineapple juice"         { pineapple = 2 },
  recipe "strawberry-banana juice" { strawberry = 10, banana = 1 },
  recipe "mango juice"             { mango = 3 },
  recipe "mango-kiwi juice"        { mango = 2, kiwi = 1 },
}
