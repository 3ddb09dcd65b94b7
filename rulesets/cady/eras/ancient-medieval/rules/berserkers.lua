-- Viking berserkers (named in Cady's early medieval armies): they fight in a
-- frenzy, a melee point higher while they charge or are in melee a second
-- turn, and they charge without a 3-DT and never flee a charge
-- (three_dice_test's `exempt`).
--[[ params:
  unit_types: { type: unit_types, doc: "the berserkers" }
  frenzy: { type: int, min: 0, max: 6, default: 1, doc: "melee points added in a charge" }
]]

---@class berserkers.params
---@field unit_types string[] the berserkers
---@field frenzy? integer melee points added in a charge

---@type berserkers.params
local p = params
local types = {}
for _, t in ipairs(p.unit_types or {}) do types[t] = true end
local FRENZY = p.frenzy or 1

game.on("melee.point", function(e)
  local u = e.unit
  if types[game.unit(u).type] and (game.table_order(u).mode == "charge" or game.mark(u, "melee_lost") > 0) then
    e.point = e.point + FRENZY
  end
end)
