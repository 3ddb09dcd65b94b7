-- Regimental stand rules 5.0-5.2: artillery. Each battery gets `shots` (3)
-- at the start of every round (mark "shots"); each combat it supports or
-- fires in spends one. In the artillery phase a battery with shots left may
-- fire (phase artillery_fire, barred by "cannot_fire") or move at the wheeled
-- rate instead, discarding a shot (artillery_move, barred by
-- "not_artillery_mover"); armoured artillery may move even with none left.
-- A battery fires only at what a friendly stand within command radius of its
-- HQ spots: 3 hexes in the open, 2 into cover or at a D stand, on a line that
-- crosses no blocking terrain (5.2). Distant fire does not pass through
-- stands, except overhead fire (3.3). A battery "does not need any ammunition
-- to defend itself in close combat ... It does need ammunition to respond to
-- distant fire" (5.0): fired on from a distance it answers only with a shot
-- left, and the answer spends it. A battery forced to retreat from combat
-- loses the shots it has left (5.0).
--[[ params:
  shots: { type: int, default: 3, doc: shots each battery gets at the start of a round (5.0) }
]]

---@class artillery.params
---@field shots? integer shots each battery gets at the start of a round (default 3)

---@type artillery.params
local p = params
local SHOTS = p.shots or 3

local function battery(u) return game.attr(u, "artillery") and game.formation(u) == nil end

-- 4.1: artillery falls back up to its strategic move (capability retreat_hexes).
-- 5.1, 5.2: a battery fires at what a spotter sees; the text asks no line of
-- its own (indirect fire), so the map's test is skipped for artillery and
-- sight.check below decides: spotted, for a battery; the map's line, for a
-- gun in a regiment.
game.on("game.setup", function()
  for _, t in ipairs(game.unit_types()) do
    for _, face in ipairs({ "front", "back" }) do
      if game.type_attr(t, face, "artillery") then
        game.set_capability(t, face, "indirect_fire", 1)
        -- 4.1: "Artillery forced to retreat can move their full move, including strategic
        -- movement", clear of the enemy (the status chart's long_fall_back_clear).
        game.set_capability(t, face, "retreat_hexes", game.type_attr(t, face, "strategic"))
      end
    end
  end
end)

game.on("phase.begin", function()
  for u = 0, game.unit_count() - 1 do
    if game.attr(u, "artillery") then game.set_mark(u, "shots", SHOTS) end
  end
end, { phase = "orders" })

-- Batteries with no shot left support nobody (the combat phase's barred mark).
game.on("phase.begin", function()
  for u = 0, game.unit_count() - 1 do
    if battery(u) then game.set_mark(u, "cannot_attack", game.mark(u, "shots") > 0 and 0 or 1) end
  end
end, { phase = "combat" })

game.on("phase.begin", function()
  for u = 0, game.unit_count() - 1 do
    game.set_mark(u, "cannot_fire", (battery(u) and game.mark(u, "shots") > 0) and 0 or 1)
  end
end, { phase = "artillery_fire" })

game.on("phase.begin", function()
  for u = 0, game.unit_count() - 1 do
    local may = game.attr(u, "artillery") and (game.mark(u, "shots") > 0 or game.attr(u, "armoured"))
    game.set_mark(u, "not_artillery_mover", may and 0 or 1)
  end
end, { phase = "artillery_move" })

game.on("move.end", function(ctx)
  local left = game.mark(ctx.unit, "shots")
  if left > 0 then game.set_mark(ctx.unit, "shots", left - 1) end
end, { phase = "artillery_move" })

game.on("combat.declared", function(ctx)
  for _, u in ipairs(ctx.attackers) do
    if game.attr(u, "artillery") then
      local left = math.max(0, game.mark(u, "shots") - 1)
      game.set_mark(u, "shots", left)
      if left == 0 then game.set_mark(u, "cannot_attack", 1) end
    end
  end
end)

-- 5.0: "If the artillery is forced to retreat from combat before the shots
-- are used the remaining shots are lost."
game.on("unit.retreated", function(ctx)
  local left = game.mark(ctx.unit, "shots")
  if left == 0 then return end
  game.log(game.id(ctx.unit) .. " is forced back and loses its " .. left .. " shot(s) left (5.0)")
  game.set_mark(ctx.unit, "shots", 0)
  game.set_mark(ctx.unit, "cannot_attack", 1)
end, { unit_has = "artillery" })

-- 5.2: a spotter is a friendly stand (not a battery) within command radius (2) of an HQ of its
-- regiment on the map.
local function may_spot(u, side)
  local f = game.formation(u)
  if not f or game.attr(u, "artillery") then return false end
  for _, hq in ipairs(game.units_within(game.hex(u), 2, side)) do
    if game.formation(hq) == f and game.attr(hq, "hq") then return true end
  end
  return false
end

-- 5.2: spotted by such a stand in range (3, or 2 into cover or at a D stand), with a clear line.
local function spotted(side, target_hex)
  local range = 3
  local cover = game.terrain_value(target_hex, "cover") ~= 0
  for _, t in ipairs(game.units_at(target_hex)) do
    if game.side(t) ~= side and (cover or game.status(t) == "D") then range = 2 end
  end
  for _, u in ipairs(game.units_within(target_hex, range, side)) do
    if may_spot(u, side) and game.map_sight(game.hex(u), target_hex) then return true end
  end
  return false
end

game.on("sight.check", function(ctx)
  local viewer = ctx.viewer
  if not game.attr(viewer, "overhead") then
    for _, h in ipairs(ctx.hexes) do
      if #game.units_at(game.hex_of_index(h)) > 0 then ctx.blocked = 1 return end  -- 3.3: not through stands
    end
  end
  if battery(viewer) then
    if not spotted(game.side(viewer), game.hex_of_index(ctx.to)) then ctx.blocked = 1 end
  elseif game.attr(viewer, "artillery") then
    if not game.map_sight(game.hex_of_index(ctx.from), game.hex_of_index(ctx.to)) then ctx.blocked = 1 end
  end
end)

-- 5.0: distant fire at a battery is answered with its dice only while it has a shot; the answer spends one.
game.on("combat.strengths", function(ctx)
  if ctx.close_combat == nil or ctx.close_combat ~= 0 then return end  -- close combat: it fights regardless
  local c = game.combat()
  for _, d in ipairs(c.defenders) do
    if game.attr(d, "artillery") then
      local left = game.mark(d, "shots")
      if left > 0 then
        game.set_mark(d, "shots", left - 1)
      else
        ctx.defend = math.max(0, ctx.defend - math.min(game.attr(d, "bs"), game.strength_points(d)))
        game.log(game.unit(d).id .. " has no shot left to answer the fire (5.0)")
      end
    end
  end
end)
