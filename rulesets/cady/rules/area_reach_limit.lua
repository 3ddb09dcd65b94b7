-- Cady, Musket Period, Forest (Small arms fire): "All musket fire, in and out
-- of the forest, is reduced to a range of 6 cm." Fire by a unit standing in
-- such an area, or at a unit standing in one, reaches no further than
-- `range_cm`. List it after modules that add range (hill_reach): it caps what
-- they leave.
--[[ params:
  terrain: { type: terrain, doc: "the area (a forest)" }
  range_cm: { type: int, min: 0, max: 200, doc: "the farthest fire reaches in or out of it, cm" }
  unit_types: { type: unit_types, default: [], doc: "the firers it applies to; empty: every unit that has a range" }
]]

---@class area_reach_limit.params
---@field terrain string the area (a forest)
---@field range_cm integer the farthest fire reaches in or out of it, cm
---@field unit_types? string[] the firers it applies to; empty: every unit that has a range

---@type area_reach_limit.params
local p = params
local only = nil
if p.unit_types and #p.unit_types > 0 then
  only = {}
  for _, t in ipairs(p.unit_types) do only[t] = true end
end

game.on("fire.reach", function(e)
  if only and not only[game.unit(e.firer).type] then return end
  if game.in_area(e.firer, p.terrain) or game.in_area(e.target, p.terrain) then
    e.range = math.min(e.range, p.range_cm)
  end
end)
