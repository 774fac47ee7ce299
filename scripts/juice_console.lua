-- scripts/juice_console.lua: the seed app — a juice maker in the terminal.
--
--   shopfloor run scripts/juice_console.lua                   # interactive
--   printf '5\nq\n' | shopfloor run scripts/juice_console.lua  # piped: order a strawberry-banana juice, quit
--   shopfloor run scripts/juice_console.lua --set lang=ko     # the seed app's Korean lines
--
-- The juices are listed with numbers and the fruit in stock. Choosing one orders it: the recipe is
-- taken all or nothing, and either the juice is ready or the shortage is shown with an offer to edit
-- the stock. The stock editor picks a fruit, then `+` / `-` (one more or less) or a number (set to
-- it); counts never go below 0. `q` quits; so does the end of input (exit code 0).

local p = shopfloor.params {
  lang = { default = "en", choices = { "en", "ko" }, description = "language of the lines" },
}

local say = ({
  en = {
    title = "== Juice maker ==",
    stock = "In stock: ",
    menu = "Order a juice (1-%d), s: edit stock, q: quit\n> ",
    ready = function(juice) return (juice:gsub("^%l", string.upper)) .. " is ready. Enjoy!" end,
    short = function(juice, why) return ("Not enough fruit for %s (%s)."):format(juice, why) end,
    offer = "Edit the stock? (y/n) > ",
    editor = "Edit stock: pick a fruit (1-%d), b: back\n> ",
    fruit = "%s: %d. +: one more, -: one less, a number: set it, b: back\n> ",
    bad = function(input) return ("'%s' is not on the menu."):format(input) end,
    bye = "Goodbye.",
  },
  ko = {
    title = "== 쥬스 메이커 ==",
    stock = "재고: ",
    menu = "쥬스 주문 (1-%d), s: 재고 수정, q: 종료\n> ",
    ready = function(juice) return juice .. " 나왔습니다! 맛있게 드세요!" end,
    short = function(juice, why) return ("재료가 모자라요 (%s: %s)."):format(juice, why) end,
    offer = "재고를 수정할까요? (y/n) > ",
    editor = "재고 수정: 과일 선택 (1-%d), b: 뒤로\n> ",
    fruit = "%s: %d개. +: 하나 더, -: 하나 덜, 숫자: 그 수로, b: 뒤로\n> ",
    bad = function(input) return ("'%s'은(는) 메뉴에 없어요."):format(input) end,
    bye = "안녕히 가세요.",
  },
})[p.lang]

local stock = shopfloor.stock "juice bar"
stock:items(require "juice_stock")
shopfloor.use("recipe_book", "seed", stock)

local fruits = stock:items()
local juices = {}
for i, r in ipairs(stock:recipes()) do juices[i] = r end

local function trim(s) return s and s:match("^%s*(.-)%s*$") end
local function ask(prompt) return trim(shopfloor.read_line(prompt)) end

local function show_stock()
  local parts = {}
  for _, fruit in ipairs(fruits) do parts[#parts + 1] = fruit .. " " .. stock:count(fruit) end
  print(say.stock .. table.concat(parts, " · "))
end

local function show_menu()
  print(say.title)
  for i, juice in ipairs(juices) do
    local needs = {}
    for fruit, n in pairs(juice.ingredients) do needs[#needs + 1] = ("%s %d"):format(fruit, n) end
    print(("%2d  %-24s (%s)"):format(i, juice.name, table.concat(needs, ", ")))
  end
  show_stock()
end

-- The stock editor. Returns false at end of input.
local function edit_stock()
  while true do
    for i, fruit in ipairs(fruits) do print(("%2d  %-12s %d"):format(i, fruit, stock:count(fruit))) end
    local choice = ask(say.editor:format(#fruits))
    if choice == nil then return false end
    if choice == "b" or choice == "" then return true end
    local fruit = fruits[tonumber(choice)]
    if not fruit then
      print(say.bad(choice))
    else
      while true do
        local input = ask(say.fruit:format(fruit, stock:count(fruit)))
        if input == nil then return false end
        if input == "b" or input == "" then break end
        local ok, err
        if input == "+" then
          ok, err = pcall(stock.add, stock, fruit, 1)
        elseif input == "-" then
          ok, err = pcall(stock.add, stock, fruit, -1)
        elseif math.tointeger(tonumber(input)) then
          ok, err = pcall(stock.set, stock, fruit, math.tointeger(tonumber(input)))
        else
          ok, err = false, say.bad(input)
        end
        if not ok then print(err) end
      end
    end
  end
end

show_menu()
while true do
  local choice = ask(say.menu:format(#juices))
  if choice == nil then break end                 -- end of input
  local juice = juices[tonumber(choice)]
  if choice == "q" then
    print(say.bye)
    break
  elseif choice == "s" then
    if not edit_stock() then break end
    show_stock()
  elseif juice then
    local made, short = stock:order(juice.name)
    if made then
      print(say.ready(juice.name))
      show_stock()
    else
      print(say.short(juice.name, short))
      local answer = ask(say.offer)
      if answer == nil then break end
      if answer == "y" or answer == "yes" or answer == "네" then
        if not edit_stock() then break end
        show_stock()
      end
    end
  elseif choice ~= "" then
    print(say.bad(choice))
  end
end
