-- Berserkers, a reusable rule module.
-- Up to `per_army` units of each army, of the types in `unit_types`, fight
-- as berserkers (the first such units of each side in the scenario's order
-- of battle; mark "berserk"). A berserker ignores its player's orders: at the
-- start of its side's movement phase it moves by itself, hex by hex, towards
-- the nearest enemy unit, within its movement allowance and never into an
-- enemy's hex or over the stacking limit, stopping as soon as it enters an
-- enemy zone of control. Its player may not move it: the ruleset's movement
-- phase must list "berserk" under `barred_mark` (the Viking berserkers house
-- rule does). A combat with berserkers among the attackers gets `bonus` added
-- to the attack; the bonus falls by one for each berserker the army has lost.
--
--[[ params:
  unit_types: { type: unit_types, default: [spearmen], doc: the unit types whose units may be berserkers }
  per_army:   { type: int, min: 0, max: 50, default: 2, doc: how many units of each army are berserkers }
  bonus:      { type: int, min: 0, max: 20, default: 3, doc: "added to the attack of a combat with berserkers, less one per berserker lost" }
  movement_phase: { type: phase, default: movement, doc: the phase at whose start berserkers move by themselves }
]]

---@class berserkers.params
---@field unit_types? string[] the unit types whose units may be berserkers (default { "spearmen" })
---@field per_army? integer how many units of each army are berserkers, 0-50 (default 2)
---@field bonus? integer added to the attack of a combat with berserkers, less one per berserker lost, 0-20 (default 3)
---@field movement_phase? string the phase at whose start berserkers move by themselves (default "movement")

---@type berserkers.params
local p = params
local types = {}
for _, t in ipairs(p.unit_types or { "spearmen" }) do types[t] = true end
local per_army = p.per_army or 2
local bonus = p.bonus or 3
local movement_phase = p.movement_phase or "movement"

game.on("game.setup", function()
  for side = 0, game.side_count() - 1 do
    local chosen = 0
    for u = 0, game.unit_count() - 1 do
      local info = game.unit(u)
      if chosen < per_army and info.side == side and types[info.type] then
        game.set_mark(u, "berserk", 1)
        chosen = chosen + 1
      end
    end
  end
end)

-- Hex by hex towards the nearest enemy; stops on entering an enemy zone.
local function charge_at_the_enemy(u)
  local side, start, mp = game.side(u), game.hex(u), game.movement(u)
  local at = start
  local path = { start }
  if #game.adjacent_enemies(u) > 0 or game.nearest_enemy(at, side) == nil then return end
  while mp > 0 and not (at ~= start and game.in_enemy_zoc(side, at)) do
    local best, best_d, best_cost = nil, game.nearest_enemy(at, side), 0
    for d = 0, 5 do
      local n = game.neighbour(at, d)
      local cost = n and game.step_cost(u, at, n)
      if cost and cost <= mp and not game.enemy_at(n, side) then
        local dn = game.nearest_enemy(n, side)
        if dn < best_d then best, best_d, best_cost = n, dn, cost end
      end
    end
    if best == nil then break end
    at, mp = best, mp - best_cost
    path[#path + 1] = at
  end
  -- Where the stacking limit forbids ending in a hex, it stops short of it.
  while #path > 1 and not game.may_stack(u, path[#path]) do path[#path] = nil end
  at = path[#path]
  if at ~= start then
    game.move(u, at)
    game.log(game.id(u) .. " goes berserk, from " .. start .. " to " .. at)
  end
end

game.on("phase.begin", function()
  local side = game.active_side()
  for _, u in ipairs(game.marked("berserk")) do
    if game.side(u) == side and game.unit(u).on_map then charge_at_the_enemy(u) end
  end
end, { phase = movement_phase })

game.on("unit.eliminated", function(ctx)
  if game.mark(ctx.unit, "berserk") == 0 then return end
  local side = game.side(ctx.unit)
  for _, u in ipairs(game.marked("berserk")) do
    if game.side(u) == side then game.set_mark(u, "berserkers_lost", game.mark(u, "berserkers_lost") + 1) end
  end
end)

game.on("combat.strengths", function(ctx)
  local lost = nil
  for _, a in ipairs(game.combat().attackers) do
    if game.mark(a, "berserk") ~= 0 then lost = game.mark(a, "berserkers_lost") end
  end
  if lost == nil then return end
  local extra = math.max(0, bonus - lost)
  if extra > 0 then
    ctx.attack = ctx.attack + extra
    game.log("berserkers: attack +" .. extra)
  end
end)
