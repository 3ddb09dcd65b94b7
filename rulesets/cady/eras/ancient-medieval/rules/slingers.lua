-- Cady, Slingers: their stones have no effect on full plate (men-at-arms),
-- a Greek phalanx or war elephants.
--[[ params:
  unit_types: { type: unit_types, doc: "the slingers" }
  no_effect_on: { type: unit_types, default: [], doc: "targets their stones do not hurt" }
]]

---@class slingers.params
---@field unit_types string[] the slingers
---@field no_effect_on? string[] targets their stones do not hurt

---@type slingers.params
local p = params
local slingers, immune = {}, {}
for _, t in ipairs(p.unit_types or {}) do slingers[t] = true end
for _, t in ipairs(p.no_effect_on or {}) do immune[t] = true end

game.on("fire.steps", function(e)
  if slingers[game.unit(e.firer).type] and immune[game.unit(e.target).type] then e.step = 0 end
end)
