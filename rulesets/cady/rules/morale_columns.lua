-- Cady, Post-Melee Morale: cavalry count morale two columns to the right,
-- units in a battle (medieval) or brigade (musket) one: a unit of a
-- scenario formation with another unit of it still on the table, when its
-- morale is 2 or more (peasants and militia are never brigaded). The musket
-- period adds `cover` columns for a unit "positioned behind defensive
-- features such as a wall, hill, or bank of a river in a building": here a
-- stone wall or wooden fence within `behind_cm` in front of it, between it
-- and an enemy unit, or a building it stands in (hills and river banks are
-- not played). A unit that stood so when the turn's moves began and has not
-- moved is still behind its wall when an enemy comes up onto it to fight
-- (that enemy's front is then beyond the wall).
--[[ params:
  cavalry: { type: int, min: 0, max: 5, default: 2, doc: "columns right for mounted units" }
  brigade: { type: int, min: 0, max: 5, default: 1, doc: "columns right for a unit in a battle or brigade" }
  cover: { type: int, min: 0, max: 5, default: 0, doc: "columns right for a unit behind a wall or fence or in a building" }
  behind_cm: { type: int, min: 0, max: 50, default: 3, doc: "how close to a wall or fence a unit must stand to be behind it, cm" }
]]

---@class morale_columns.params
---@field cavalry? integer columns right for mounted units
---@field brigade? integer columns right for a unit in a battle or brigade
---@field cover? integer columns right for a unit behind a wall or fence or in a building
---@field behind_cm? integer how close to a wall or fence a unit must stand to be behind it, cm

---@type morale_columns.params
local p = params
local CAVALRY, BRIGADE, COVER = p.cavalry or 2, p.brigade or 1, p.cover or 0
local BEHIND = p.behind_cm or 3

local function brigaded(u)
  local f = game.unit(u).formation
  if not f or game.attr(u, "morale") < 2 then return false end
  for _, v in ipairs(game.formation_units(f)) do
    if v ~= u and game.unit(v).on_map then return true end
  end
  return false
end

-- A wall or fence stands just before it, between it and some enemy unit.
local function behind_wall(u)
  for side = 0, game.side_count() - 1 do
    if side ~= game.side(u) then
      for _, enemy in ipairs(game.units_of(side)) do
        if game.line_between(enemy, u, "stone_wall", BEHIND) or game.line_between(enemy, u, "fence", BEHIND) then return true end
      end
    end
  end
  return false
end

local function behind_cover(u)
  if game.in_area(u, "building") or behind_wall(u) then return true end
  return game.mark(u, "behind_wall_turn") == game.turn() and game.moved_thirds(u) == 0
end

-- Who stands behind a wall as the moves begin (mark "behind_wall_turn").
if COVER > 0 then
  game.on("phase.begin", function()
    for u = 0, game.unit_count() - 1 do
      if game.unit(u).on_map and behind_wall(u) then game.set_mark(u, "behind_wall_turn", game.turn()) end
    end
  end, { phase = "movement" })
end

game.on("morale.shift", function(e)
  local u = e.unit
  local columns = e.columns
  if game.attr(u, "mounted") then columns = columns + CAVALRY end
  if brigaded(u) then columns = columns + BRIGADE end
  if COVER > 0 and behind_cover(u) then columns = columns + COVER end
  e.columns = columns
end)
