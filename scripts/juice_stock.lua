-- scripts/juice_stock.lua: the fruits the juice bar stocks and what it opens with (the seed: 10 each).
--
-- Add a fruit here and a recipe using it in recipes.lua: that is all a new juice takes.
-- `capacity` (optional) is the most the shelf holds; deliveries beyond it are refused and counted.
return {
  { name = "strawberry", count = 10 },
  { name = "banana",     count = 10 },
  { name = "pineapple",  count = 10 },
  { name = "kiwi",       count = 10 },
  { name = "mango",      count = 10 },
}
