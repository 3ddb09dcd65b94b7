-- Declared charges (the Cady style), a reusable rule module.
-- At the start of its side's movement phase each unit of the types in
-- `unit_types` not already next to an enemy may declare a charge (its player
-- is asked). A declared charge adds `bonus_percent` per cent of the unit's
-- movement allowance, rounded up, to its allowance this phase: the movement
-- phase must name the mark "charge_bonus" under `bonus_from_mark`. A charger
-- that ends the movement phase out of contact has blown its charge and is
-- disordered. In the combat phase that follows, a combat with a charger among
-- the attackers begins with the shock: a die is rolled, and on `shock_on` or
-- less every defender is disordered before strengths are counted.
--
--[[ params:
  unit_types:     { type: unit_types, default: [knights], doc: the unit types that may declare a charge }
  bonus_percent:  { type: int, min: 0, max: 100, default: 33, doc: extra movement of a declared charge in per cent of the allowance }
  shock_on:       { type: int, min: 0, max: 6, default: 3, doc: a d6 roll at or under which the defenders of a charge are disordered }
  movement_phase: { type: phase, default: movement, doc: the phase at whose start charges are declared }
  combat_phase:   { type: phase, default: combat, doc: the phase whose combats get the shock }
]]

---@class declared_charges.params
---@field unit_types? string[] the unit types that may declare a charge (default { "knights" })
---@field bonus_percent? integer extra movement of a declared charge in per cent of the allowance, 0-100 (default 33)
---@field shock_on? integer a d6 roll at or under which the defenders of a charge are disordered, 0-6 (default 3)
---@field movement_phase? string the phase at whose start charges are declared (default "movement")
---@field combat_phase? string the phase whose combats get the shock (default "combat")

---@type declared_charges.params
local p = params
local types = {}
for _, t in ipairs(p.unit_types or { "knights" }) do types[t] = true end
local bonus_percent = p.bonus_percent or 33
local shock_on = p.shock_on or 3
local movement_phase = p.movement_phase or "movement"
local combat_phase = p.combat_phase or "combat"

local function may_charge(u)
  local info = game.unit(u)
  return info.on_map and types[info.type] and #game.adjacent_enemies(u) == 0
end

game.on("phase.begin", function()
  for _, u in ipairs(game.units_of(game.active_side())) do
    if may_charge(u) then
      local id = game.id(u)
      game.choose(game.side(u), id .. ": declare a charge?", { "charge", "no charge" }, function(answer)
        if answer ~= 1 then return end
        local extra = (game.movement(u) * bonus_percent + 99) // 100
        game.set_mark(u, "charging_declared", 1)
        game.set_mark(u, "charge_bonus", extra)
        game.log(id .. " declares a charge (+" .. extra .. " MP)")
      end)
    end
  end
end, { phase = movement_phase })

-- Out of contact at the end of the move: the charge is blown.
game.on("phase.end", function()
  for _, u in ipairs(game.marked("charging_declared")) do
    game.set_mark(u, "charge_bonus", 0)
    if game.unit(u).on_map and #game.adjacent_enemies(u) == 0 then
      game.set_mark(u, "charging_declared", 0)
      game.log(game.id(u) .. "'s charge is blown")
      game.disorder(u)
    end
  end
end, { phase = movement_phase })

game.on("combat.declared", function(ctx)
  local charging = false
  for _, a in ipairs(ctx.attackers) do
    if game.mark(a, "charging_declared") ~= 0 then charging = true end
  end
  if not charging then return end
  if game.roll(6, "shock of the charge") <= shock_on then
    for _, d in ipairs(ctx.defenders) do
      game.log(game.id(d) .. " is shaken by the charge")
      game.disorder(d)
    end
  end
end, { phase = combat_phase })

game.on("phase.end", function()
  for _, u in ipairs(game.marked("charging_declared")) do game.set_mark(u, "charging_declared", 0) end
end, { phase = combat_phase })
