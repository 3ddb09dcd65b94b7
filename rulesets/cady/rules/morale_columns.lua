-- Cady, Post-Melee Morale: cavalry count morale two columns to the right,
-- units in a battle (medieval) or brigade (musket) one: a unit of a
-- scenario formation with another unit of it still on the table, when its
-- morale is 2 or more (peasants and militia are never brigaded).
--[[ params:
  cavalry: { type: int, min: 0, max: 5, default: 2, doc: "columns right for mounted units" }
  brigade: { type: int, min: 0, max: 5, default: 1, doc: "columns right for a unit in a battle or brigade" }
]]

---@class morale_columns.params
---@field cavalry? integer columns right for mounted units
---@field brigade? integer columns right for a unit in a battle or brigade

---@type morale_columns.params
local p = params
local CAVALRY, BRIGADE = p.cavalry or 2, p.brigade or 1

local function brigaded(u)
  local f = game.unit(u).formation
  if not f or game.attr(u, "morale") < 2 then return false end
  for _, v in ipairs(game.formation_units(f)) do
    if v ~= u and game.unit(v).on_map then return true end
  end
  return false
end

game.on("morale.shift", function(e)
  local u = e.unit
  local columns = e.columns
  if game.attr(u, "mounted") then columns = columns + CAVALRY end
  if brigaded(u) then columns = columns + BRIGADE end
  e.columns = columns
end)
