-- recipe_book/seed: the seed app's seven juices, from scripts/recipes.lua (edit that file, not this one).
shopfloor.plugin {
  kind = "recipe_book",
  name = "seed",
  description = "The seven seed juices from recipes.lua (strawberry, banana, kiwi, pineapple, strawberry-banana, mango, mango-kiwi)",
  build = function(params, stock)
    local book = require "recipes"
    if stock then stock:recipes(book) end
    return book
  end,
}
