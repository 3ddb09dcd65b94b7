-- Cady, Viking Berserker: a berserker fights alone, as a unit of one figure,
-- beginning at melee 8. Each time it is "killed" (by melee or missile hits)
-- it loses a melee point instead, and is removed only when it reaches zero;
-- an artillery hit removes it at once. It has no morale: it never tests, and
-- charges without a 3-DT (three_dice_test's `exempt`).
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
