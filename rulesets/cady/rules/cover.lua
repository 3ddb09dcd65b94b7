-- Cady, Archer/Musket Fire Steps: fire drops a step against a target behind
-- a wooden fence or on the edge of a forest, two behind a stone wall (the
-- common Geography: "A stone wall will reduce small arms fire by two steps";
-- the musket period's Stone Wall says one, its era pack sets `stone_wall`),
-- one in a building (as behind protection), and climbs a step into a group
-- four or more stands deep.
--[[ params:
  behind_cm: { type: int, min: 0, max: 50, default: 3, doc: "how close to a fence or wall a target must stand to be behind it, cm" }
  forest_edge: { type: int, min: 0, max: 50, default: 3, doc: "cm from a forest's edge a target counts as on its edge" }
  stone_wall: { type: int, min: 0, max: 5, default: 2, doc: "steps off fire at a target behind a stone wall" }
  fence: { type: int, min: 0, max: 5, default: 1, doc: "steps off fire at a target behind a wooden fence" }
]]

---@class cover.params
---@field behind_cm? integer how close to a fence or wall a target must stand to be behind it
---@field forest_edge? integer cm from a forest's edge a target counts as on its edge
---@field stone_wall? integer steps off fire at a target behind a stone wall
---@field fence? integer steps off fire at a target behind a wooden fence

---@type cover.params
local p = params
local BEHIND, EDGE = p.behind_cm or 3, p.forest_edge or 3
local WALL, FENCE = p.stone_wall or 2, p.fence or 1

game.on("fire.steps", function(e)
  local f, t = e.firer, e.target
  local step = e.step
  if game.line_between(f, t, "stone_wall", BEHIND) then step = step - WALL
  elseif game.line_between(f, t, "fence", BEHIND) then step = step - FENCE end
  if game.in_area(t, "forest", EDGE) then step = step - 1 end
  if game.in_area(t, "building") then step = step - 1 end
  if game.ranks(t) >= 4 then step = step + 1 end
  e.step = step
end)
