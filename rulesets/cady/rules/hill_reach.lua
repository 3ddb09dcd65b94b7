-- Cady, Additional Range: missiles fired at a target one or more hill levels
-- below reach further (Ancient & Medieval, missile fire: "One hill level Add -
-- 5 cm. Two hill levels Add - 10 cm. Three hill levels Add - 15 cm."; the
-- Musket Period's small arms by weapon: muskets 10, 15, 20 cm, rifles 15, 20,
-- 30, pistols 5). `added` lists the cm for one, two, three ... levels for
-- every firer; `per_type` names int attributes that give a unit type its own
-- (for one, two, three ... levels; all 0: `added` applies). More levels than
-- listed add the last. With `uphill_loss`, firing up at a higher target loses
-- as much ("Missile firing up-hill will suffer the same loss of range").
--[[ params:
  added: { type: int_list, min: 0, max: 200, default: [], doc: "cm added firing down one, two, three ... hill levels" }
  per_type: { type: text_list, default: [], doc: "int attributes holding a type's own cm for one, two, three ... levels" }
  uphill_loss: { type: bool, default: false, doc: "firing up the same number of levels loses as much" }
]]

---@class hill_reach.params
---@field added? integer[] cm added firing down one, two, three ... hill levels
---@field per_type? string[] int attributes holding a type's own cm for one, two, three ... levels
---@field uphill_loss? boolean firing up the same number of levels loses as much

---@type hill_reach.params
local p = params
local ADDED = p.added or {}
local PER_TYPE = p.per_type or {}

-- The firer's list: its type's own, else the module's.
local function table_of(u)
  local own, any = {}, false
  for i, attribute in ipairs(PER_TYPE) do
    own[i] = game.attr(u, attribute)
    any = any or own[i] > 0
  end
  return any and own or ADDED
end

local function cm_for(u, levels)
  local list = table_of(u)
  if #list == 0 then return 0 end
  return list[math.min(levels, #list)]
end

game.on("fire.reach", function(e)
  local levels = game.ground(e.firer) - game.ground(e.target)
  if levels > 0 then
    e.range = e.range + cm_for(e.firer, levels)
  elseif levels < 0 and p.uphill_loss then
    e.range = math.max(0, e.range - cm_for(e.firer, -levels))
  end
end)
