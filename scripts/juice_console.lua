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
    -- What was short, as stock:order says it: `strawberry: need 16, have 10`.
    missing = function(_, _, _, why) return why end,
    names = {},
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
    missing = function(fruit, need, have) return ("%s %d개 필요, %d개 있음"):format(fruit, need, have) end,
    -- Fruit names in Korean; a juice is named after its fruits (`딸기바나나 쥬스`). A fruit added to
    -- juice_stock.lua without a name here keeps its own. The stock's identifiers stay as written.
    names = { strawberry = "딸기", banana = "바나나", pineapple = "파인애플", kiwi = "키위", mango = "망고", juice = "쥬스" },
    offer = "재고를 수정할까요? (y/n) > ",
    editor = "재고 수정: 과일 선택 (1-%d), b: 뒤로\n> ",
    fruit = "%s: %d개. +: 하나 더, -: 하나 덜, 숫자: 그 수로, b: 뒤로\n> ",
    bad = function(input) return ("'%s'은(는) 메뉴에 없어요."):format(input) end,
    bye = "안녕히 가세요.",
  },
})[p.lang]

-- A console program: the menu and its answers are the whole output (no summary table after "Goodbye.").
shopfloor.summary(false)

local stock = shopfloor.stock "juice bar"
stock:items(require "juice_stock")
shopfloor.use("recipe_book", "seed", stock)

local fruits = stock:items()
local juices = {}
for i, r in ipairs(stock:recipes()) do juices[i] = r end

-- A fruit's or a juice's name in the chosen language: each word through `say.names`
-- ("strawberry-banana juice" → "딸기바나나 쥬스"); in English, as written.
local function name(text)
  if next(say.names) == nil then return text end
  return (text:gsub("%a+", say.names):gsub("(%S)-(%S)", "%1%2"))
end

-- Display columns: Hangul and other wide characters take two, so the menu's columns line up.
local function pad(text, width)
  local columns = 0
  for _, code in utf8.codes(text) do
    columns = columns + ((code >= 0x1100 and code <= 0x115F or code >= 0x2E80 and code <= 0xA4CF
      or code >= 0xAC00 and code <= 0xD7A3 or code >= 0xFF00 and code <= 0xFF60) and 2 or 1)
  end
  return text .. (" "):rep(math.max(0, width - columns))
end

-- What was short, fruit by fruit, in the chosen language (nothing was taken: counts are as they were).
local function shortage(juice, why)
  local parts = {}
  for fruit, need in pairs(juice.ingredients) do
    local have = stock:count(fruit)
    if have < need then parts[#parts + 1] = say.missing(name(fruit), need, have, why) end
  end
  return next(say.names) == nil and why or table.concat(parts, "; ")
end

local function trim(s) return s and s:match("^%s*(.-)%s*$") end
local function ask(prompt) return trim(shopfloor.read_line(prompt)) end

local function show_stock()
  local parts = {}
  for _, fruit in ipairs(fruits) do parts[#parts + 1] = name(fruit) .. " " .. stock:count(fruit) end
  print(say.stock .. table.concat(parts, " · "))
end

local function show_menu()
  print(say.title)
  for i, juice in ipairs(juices) do
    local needs = {}
    for fruit, n in pairs(juice.ingredients) do needs[#needs + 1] = ("%s %d"):format(name(fruit), n) end
    print(("%2d  %s (%s)"):format(i, pad(name(juice.name), 24), table.concat(needs, ", ")))
  end
  show_stock()
end

-- The stock editor. Returns false at end of input.
local function edit_stock()
  while true do
    for i, fruit in ipairs(fruits) do print(("%2d  %s %d"):format(i, pad(name(fruit), 12), stock:count(fruit))) end
    local choice = ask(say.editor:format(#fruits))
    if choice == nil then return false end
    if choice == "b" or choice == "" then return true end
    local fruit = fruits[tonumber(choice)]
    if not fruit then
      print(say.bad(choice))
    else
      while true do
        local input = ask(say.fruit:format(name(fruit), stock:count(fruit)))
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
      print(say.ready(name(juice.name)))
      show_stock()
    else
      print(say.short(name(juice.name), shortage(juice, short)))
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
