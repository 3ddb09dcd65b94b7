-- Cady, Viking Berserker: a berserker fights alone, as a unit of one figure,
-- beginning at melee 8. Each time it is "killed" (by melee or missile hits)
-- it loses a melee point instead, and is removed only when it reaches zero;
-- an artillery hit removes it at once. It has no morale: it never tests, and
-- charges without a 3-DT (three_dice_test's `exempt`). "They do not require
-- orders, nor would they follow them ... They will move toward the closest
-- enemy figure each turn until removed. Once in a melee they cannot be
-- called": it takes no written orders (the orders phase's barred mark
-- takes_no_orders), and when movement begins it is ordered straight at the
-- closest enemy unit, a full move; in contact it stays and fights.
--[[ params:
  unit_types: { type: unit_types, doc: "the berserkers" }
]]

---@class berserkers.params
---@field unit_types string[] the berserkers

---@type berserkers.params
local p = params
local types = {}
for _, t in ipairs(p.unit_types or {}) do types[t] = true end

local function berserker(u) return types[game.unit(u).type] end

game.on("figures.lost", function(e)
  local u = e.unit
  if not berserker(u) or e.cause == "artillery" or e.cause == "rout" then return end
  local wounds = game.mark(u, "wounds") + e.count
  game.set_mark(u, "wounds", wounds)
  if wounds < game.attr(u, "melee") then
    game.log(game.id(u) .. " fights on at melee " .. (game.attr(u, "melee") - wounds))
    e.count = 0
  end
end)

game.on("melee.point", function(e)
  if berserker(e.unit) then e.point = e.point - game.mark(e.unit, "wounds") end
end)

-- No morale: it never goes back or routs.
game.on("morale.shift", function(e)
  if berserker(e.unit) then e.columns = -100 end
end)

game.on("game.setup", function()
  for u = 0, game.unit_count() - 1 do
    if berserker(u) then game.set_mark(u, "takes_no_orders", 1) end
  end
end)

local function closest_enemy(u)
  local best, best_cm
  for side = 0, game.side_count() - 1 do
    if side ~= game.side(u) then
      for _, v in ipairs(game.units_of(side)) do
        local cm = game.distance_cm(u, v)
        if not best_cm or cm < best_cm then best, best_cm = v, cm end
      end
    end
  end
  return best
end

game.on("phase.begin", function()
  for u = 0, game.unit_count() - 1 do
    if berserker(u) and game.unit(u).on_map then
      local enemy = #game.in_contact(u) == 0 and closest_enemy(u)
      if enemy then
        game.set_table_order(u, { mode = "advance", bearing = game.bearing(u, enemy), distance = game.attr(u, "movement") })
      else
        game.set_table_order(u, { mode = "hold" })
      end
    end
  end
end, { phase = "movement" })
