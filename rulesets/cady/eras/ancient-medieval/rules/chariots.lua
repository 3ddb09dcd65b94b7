-- Cady, Chariots: a chariot's crew shoot twice in a turn whatever it has
-- moved (they shoot on the way), and missile hits against a chariot begin at
-- 4, 6 (its medium armour). A roll of 1 against it kills a horse: the
-- chariot moves no more. Here: a chariot that has lost a figure has lost its
-- horses' driver and stands; its archer shoots on.
--[[ params:
  unit_types: { type: unit_types, doc: "the chariots" }
]]

---@class chariots.params
---@field unit_types string[] the chariots

---@type chariots.params
local p = params
local types = {}
for _, t in ipairs(p.unit_types or {}) do types[t] = true end

-- "shoot twice in a turn whatever it has moved": two volleys on the move.
game.on("game.setup", function()
  for t in pairs(types) do game.set_capability(t, "both", "volleys_when_moved", 2) end
end)

game.on("table.allowance", function(e)
  local u = e.unit
  if types[game.unit(u).type] and game.figures(u) < game.figures_at_start(u) then e.thirds = e.thirds + 3 end
end)
