-- Cady, Shock Reductions: Swiss pike two ranks deep take one shock fewer per
-- charging figure, three ranks deep or more two fewer.
--[[ params:
  unit_types: { type: unit_types, doc: "the pikemen" }
]]

---@class swiss_pike.params
---@field unit_types string[] the pikemen

---@type swiss_pike.params
local p = params
local types = {}
for _, t in ipairs(p.unit_types or {}) do types[t] = true end

game.on("shock.dice", function(e)
  local d = e.defender
  if not types[game.unit(d).type] then return end
  local ranks = game.ranks(d)
  local fewer = ranks >= 3 and 2 or ranks == 2 and 1 or 0
  e.dice = math.max(0, e.dice - fewer * e.figures)
end)
