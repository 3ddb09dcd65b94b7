-- Cady, medieval archery: the second rank of archers (slingers, …) shoots
-- over the heads of the first at one step lower, at the same target; and
-- archery at a unit that has moved this turn drops a step. "Crossbows and
-- arbalists do not fire indirectly (from the second rank.)": their second
-- rank holds its fire.
--[[ params:
  no_indirect: { type: unit_types, default: [], doc: "missile troops whose second rank does not fire (crossbows, arbalests)" }
]]

---@class second_rank.params
---@field no_indirect? string[] missile troops whose second rank does not fire (crossbows, arbalests)

---@type second_rank.params
local p = params
local direct_only = {}
for _, t in ipairs(p.no_indirect or {}) do direct_only[t] = true end

game.on("fire.steps", function(e)
  if e.rank == 2 then
    if direct_only[game.unit(e.firer).type] then
      e.figures = 0
      return
    end
    e.step = e.step - 1
  end
  if game.moved_thirds(e.target) > 0 then e.step = e.step - 1 end
end)
