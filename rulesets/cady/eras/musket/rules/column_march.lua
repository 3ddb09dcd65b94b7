-- Cady, Unit Formation (musket period): infantry of morale 4 or 5 that stays
-- in a column two or four figures abreast and marches straight (turning no
-- more than 45 degrees) for its whole turn, not charging, gains a third of a
-- move; not when its way goes over terrain that costs (Movement: the column
-- "does not stop or turn, or go over any rough terrain, walls, woods"; Unit
-- Formation: "without any obstacles - fences ..."). Medieval armies do not.
--[[ params:
  widest: { type: int, min: 1, max: 10, default: 2, doc: "files (stands side by side) a column may have: 2 stands are four figures abreast" }
]]

---@class column_march.params
---@field widest? integer files a column may have

---@type column_march.params
local p = params
local WIDEST = p.widest or 2

game.on("table.allowance", function(e)
  local u = e.unit
  if game.attr(u, "mounted") or game.attr(u, "morale") < 4 or e.order ~= 1 or e.terrain > 0 then return end
  if e.turn <= 45 and e.reform == 0 and game.files(u) <= WIDEST and game.ranks(u) > 1 then
    e.thirds = e.thirds - 1
  end
end)
