-- Cady, Archer/Musket Fire Steps: fire drops a step against a target behind
-- a wooden fence or on the edge of a forest, two behind a stone wall (the
-- Geography reading; see the ruleset's notes), one in a building (as behind
-- protection), and climbs a step into a group four or more stands deep.
--[[ params:
  behind_cm: { type: int, min: 0, max: 50, default: 3, doc: "how close to a fence or wall a target must stand to be behind it, cm" }
  forest_edge: { type: int, min: 0, max: 50, default: 3, doc: "cm from a forest's edge a target counts as on its edge" }
]]

---@class cover.params
---@field behind_cm? integer how close to a fence or wall a target must stand to be behind it
---@field forest_edge? integer cm from a forest's edge a target counts as on its edge

---@type cover.params
local p = params
local BEHIND, EDGE = p.behind_cm or 3, p.forest_edge or 3

game.on("fire.steps", function(e)
  local f, t = e.firer, e.target
  local step = e.step
  if game.line_between(f, t, "stone_wall", BEHIND) then step = step - 2
  elseif game.line_between(f, t, "fence", BEHIND) then step = step - 1 end
  if game.in_area(t, "forest", EDGE) then step = step - 1 end
  if game.in_area(t, "building") then step = step - 1 end
  if game.ranks(t) >= 4 then step = step + 1 end
  e.step = step
end)
