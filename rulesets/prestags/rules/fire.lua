-- PRESTAGS fire combat (6.0). The kernel runs the fire phases as odds combats
-- (ruleset.yaml: `reach: range`, `target: hex`, `defence_from_terrain:
-- fire_protection`): the fire strengths of every unit firing into a hex are
-- added (6.21) and set against the hex's fire protection strength (6.22),
-- and the result falls on every unit in the hex (6.23; the results module
-- applies it, sparing leaders, 10.31). This module adds what is particular:
--   * line of sight (6.32-6.38), answered in sight.check: village and woods
--     block (terrain blocks_los, 6.32); a unit on a slope fires into but not
--     through a hilltop (6.35), and ground-level units not through one
--     either; slope hexes block unless the firer or the target is on a
--     hilltop next to that slope hex (6.36); occupied hexes block by the
--     firer's elevation (6.37): from ground level any, from a slope occupied
--     slope and hilltop hexes, from a hilltop none once the line has passed a
--     slope hex next to the firer, until it passes a slope hex that is not
--     (the slope-hexside clause, read for slopes drawn as hexes); along a
--     hexside the line is blocked only when both hexes are (6.38);
--   * no fire in consecutive player-turns (6.12, 6.43, 6.51): a unit that
--     fired (offensively or in defensive fire) in the previous player-turn
--     carries "fire_barred" (the fire phases' barred_mark);
--   * fire or melee, never both (6.11, 6.51): a unit that fired in this
--     player-turn carries "melee_barred" in the melee phase;
--   * defensive fire (6.42) only at units that moved this movement phase:
--     they carry "moved_now" (the defensive fire phase's targets_marked);
--   * odds below 1:2 are not permitted (8.1): such a fire has no effect.
-- Defensive fire zones (6.41, 6.44) are zones of control: the units module
-- gives every fire unit's front face one, and lets a unit start its move
-- next to an enemy fire unit and leave (move.exit_zoc, mode "free").
-- In the simultaneous sequence (19.0) a unit fires defensively only if it was
-- plotted to (21.1): the others carry "not_plotted_to_fire" in the phases
-- listed in `plotted_defensive_phases`.
-- params: slopes, hilltops (terrain ids); fire_phases (phase ids of offensive
-- and defensive fire); melee_phase; movement_phases (ids: where "moved_now"
-- starts afresh); plotted_defensive_phases.

local level_of = {}
--[[ params:
  slopes:      { type: terrains, default: [], doc: terrain at elevation 1 }
  hilltops:    { type: terrains, default: [], doc: terrain at elevation 2 }
  fire_phases: { type: phases, default: [fire, defensive_fire], doc: the fire phases }
  melee_phase: { type: phase, default: melee, doc: the melee phase (no melee after fire) }
  movement_phases: { type: phases, default: [movement], doc: the movement phases (defensive fire at units that moved) }
  plotted_defensive_phases: { type: phases, default: [], doc: defensive fire phases of the simultaneous sequence }
]]

for _, t in ipairs(params.slopes or {}) do level_of[t] = 1 end
for _, t in ipairs(params.hilltops or {}) do level_of[t] = 2 end
local fire_phase = {}
for _, p in ipairs(params.fire_phases or { "fire", "defensive_fire" }) do fire_phase[p] = true end
local melee_phase = params.melee_phase or "melee"
local movement_phase = {}
for _, p in ipairs(params.movement_phases or { "movement" }) do movement_phase[p] = true end
local plotted_defensive = {}
for _, p in ipairs(params.plotted_defensive_phases or {}) do plotted_defensive[p] = true end

local function level(hex) return level_of[game.terrain(hex)] or 0 end

local function occupied(hex) return #game.units_at(hex) > 0 end

-- One hex of the line, by the firer's and target's elevations (6.32-6.37).
-- `over_edge`: the line has passed a slope hex next to a hilltop firer;
-- `past_far_slope`: it has since passed one further away.
local function hex_blocks(hex, sight)
  if game.blocks_sight(hex) then return true end
  local lv = level(hex)
  if lv == 2 and sight.from_level < 2 then return true end  -- 6.35
  if lv == 1 then                                            -- 6.36
    local near_firer = sight.from_level == 2 and game.distance(hex, sight.from) == 1
    local near_target = sight.to_level == 2 and game.distance(hex, sight.to) == 1
    if not (near_firer or near_target) then return true end
  end
  if not occupied(hex) then return false end                 -- 6.37
  if sight.from_level == 0 then return true end
  if sight.from_level == 1 then return lv >= 1 end
  return not sight.over_edge or sight.past_far_slope
end

-- Notes the slopes the line has passed, for a hilltop firer (6.37).
local function pass(hex, sight)
  if sight.from_level ~= 2 or level(hex) ~= 1 then return end
  if game.distance(hex, sight.from) == 1 then sight.over_edge = true
  elseif sight.over_edge then sight.past_far_slope = true end
end

game.on("sight.check", function(ctx)
  local from, to = game.hex_of_index(ctx.from), game.hex_of_index(ctx.to)
  local sight = { from = from, to = to, from_level = level(from), to_level = level(to) }
  for i, index in ipairs(ctx.hexes) do
    local hex = game.hex_of_index(index)
    local blocked = hex_blocks(hex, sight)
    if ctx.alternatives[i] >= 0 then                         -- 6.38
      local other = game.hex_of_index(ctx.alternatives[i])
      blocked = blocked and hex_blocks(other, sight)
      pass(other, sight)
    end
    if blocked then
      ctx.blocked = 1
      return
    end
    pass(hex, sight)
  end
end)

-- A unit's player-turn of last fire is kept as a mark; the bars follow from it.
game.on("combat.declared", function(ctx)
  if not fire_phase[game.phase()] then return end
  for _, a in ipairs(ctx.attackers) do game.set_mark(a, "fired_in", game.player_turn()) end
end)

game.on("phase.begin", function(ctx)
  local now = game.player_turn()
  local id = ctx.phase
  if fire_phase[id] then
    for side = 0, 1 do
      for _, u in ipairs(game.units_of(side)) do
        local fired = game.mark(u, "fired_in")  -- 0: never
        game.set_mark(u, "fire_barred", fired ~= 0 and fired == now - 1 and 1 or 0)
      end
    end
  elseif id == melee_phase then
    for side = 0, 1 do
      for _, u in ipairs(game.units_of(side)) do
        game.set_mark(u, "melee_barred", game.mark(u, "fired_in") == now and 1 or 0)
      end
    end
  elseif movement_phase[id] then
    for _, u in ipairs(game.marked("moved_now")) do game.set_mark(u, "moved_now", 0) end
  end
  -- Simultaneous sequence (21.1): only units plotted DF fire defensively.
  if plotted_defensive[id] then
    for side = 0, 1 do
      for _, u in ipairs(game.units_of(side)) do
        game.set_mark(u, "not_plotted_to_fire", game.plot(u).task == "defensive_fire" and 0 or 1)
      end
    end
  end
end)

game.on("move.end", function(ctx)
  game.set_mark(ctx.unit, "moved_now", 1)
end)

game.on("combat.strengths", function(ctx)
  if not fire_phase[game.phase()] then return end
  if 2 * ctx.attack < ctx.defend then
    game.log("fire at odds below 1:2 is not permitted (8.1): it has no effect")
    game.force_result("-")
  end
end)
