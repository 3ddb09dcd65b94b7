-- F&M 4.1, 5.5: the mobile movement and mobile combat phases.
-- Leg units (without the `mobile` attribute) never move in a mobile
-- movement phase (mark "leg", set once). A mobile unit that moves in the
-- movement phase may not move again in the mobile movement phase (mark
-- "moved"). Only mobile units that did not attack in the combat phase may
-- attack in the mobile combat phase (mark "no_mobile_attack" on the others).
-- The ruleset's phases bar them: the mobile movement phase lists
-- `barred_mark: [leg, moved]`, the mobile combat phase
-- `barred_mark: no_mobile_attack`. A side's "moved" and its mobile units'
-- "no_mobile_attack" are cleared when its movement phase begins. A unit that
-- advances after combat "is not eligible to attack or perform any other
-- activity during that player turn" (8.5): it carries both marks until then.
--
--[[ params:
  movement_phase: { type: phase, default: movement, doc: the phase whose moves bar a unit from the mobile movement phase }
  combat_phase:   { type: phase, default: combat, doc: the phase whose attacks bar a unit from the mobile combat phase }
  mobile_attribute: { type: attribute, default: mobile, doc: the unit attribute that makes a unit mobile }
]]

---@class mobile.params
---@field movement_phase? string the phase whose moves bar a unit from the mobile movement phase (default "movement")
---@field combat_phase? string the phase whose attacks bar a unit from the mobile combat phase (default "combat")
---@field mobile_attribute? string the unit attribute that makes a unit mobile (default "mobile")

---@type mobile.params
local p = params
local movement_phase = p.movement_phase or "movement"
local combat_phase = p.combat_phase or "combat"
local mobile = p.mobile_attribute or "mobile"

game.on("game.setup", function()
  for u = 0, game.unit_count() - 1 do
    if not game.attr(u, mobile) then
      game.set_mark(u, "leg", 1)
      game.set_mark(u, "no_mobile_attack", 1)
    end
  end
end)

game.on("phase.begin", function(ctx)
  if ctx.phase ~= movement_phase then return end
  for u = 0, game.unit_count() - 1 do
    if game.unit(u).side == ctx.side then
      game.set_mark(u, "moved", 0)
      if game.attr(u, mobile) then game.set_mark(u, "no_mobile_attack", 0) end
    end
  end
end)

game.on("move.end", function(ctx)
  if game.phase() == movement_phase then game.set_mark(ctx.unit, "moved", 1) end
end)

game.on("unit.advanced", function(ctx)
  game.set_mark(ctx.unit, "moved", 1)
  game.set_mark(ctx.unit, "no_mobile_attack", 1)
end)

-- 8.3.1: an attacker's unit displaced by a friend's retreat attacks no more
-- this player turn, the mobile combat phase included.
game.on("unit.retreated", function(ctx)
  if ctx.displaced == 1 and game.unit(ctx.unit).side == game.active_side() then game.set_mark(ctx.unit, "no_mobile_attack", 1) end
end)

game.on("combat.declared", function(ctx)
  if game.phase() ~= combat_phase then return end
  for _, a in ipairs(ctx.attackers) do game.set_mark(a, "no_mobile_attack", 1) end
end)
