-- Cady, Romans: legionaries throw their pilums when a unit of them first
-- comes into melee: each legionary in the first two ranks rolls a ten-sided
-- die, a 4 or a 6 hitting, before the melee. A unit that receives pilums
-- aimed at a third or more of its figures melees a point lower next turn.
-- Legionaries four ranks deep or more stand in testudo: missile fire cannot
-- hurt them, no shock counts against them, they move at a third, and they
-- throw no pilums.
--[[ params:
  unit_types: { type: unit_types, doc: "the legionaries" }
]]

---@class roman_legion.params
---@field unit_types string[] the legionaries

---@type roman_legion.params
local p = params
local types = {}
for _, t in ipairs(p.unit_types or {}) do types[t] = true end

local function legion(u) return types[game.unit(u).type] end
local function testudo(u) return legion(u) and game.ranks(u) >= 4 end

game.on("phase.begin", function()
  for u = 0, game.unit_count() - 1 do
    if game.unit(u).on_map and legion(u) and not testudo(u) and game.mark(u, "pilums_thrown") == 0 then
      local enemies = game.in_contact(u)
      if #enemies > 0 then
        game.set_mark(u, "pilums_thrown", 1)
        local enemy = enemies[1]
        local throwers = game.rank_figures(u, 1) + game.rank_figures(u, 2)
        local hits = 0
        for _ = 1, throwers do
          local d = game.roll(10, game.id(u) .. " pilum")
          if d == 4 or d == 6 then hits = hits + 1 end
        end
        game.log(game.id(u) .. " throws " .. throwers .. " pilums at " .. game.id(enemy) .. ": " .. hits .. " hits")
        if throwers * 3 >= game.figures(enemy) then game.set_mark(enemy, "pilums_in_shields", game.turn() + 1) end
        game.lose_figures(enemy, hits, "pilums")
      end
    end
  end
end, { phase = "melee" })

game.on("melee.point", function(e)
  if game.mark(e.unit, "pilums_in_shields") == game.turn() then e.point = e.point - 1 end
end)

game.on("fire.steps", function(e)
  if testudo(e.target) then e.step = 0 end
end)

game.on("shock.dice", function(e)
  if testudo(e.defender) then e.dice = 0 end
end)

game.on("table.allowance", function(e)
  if testudo(e.unit) then e.thirds = e.thirds + 2 end
end)
