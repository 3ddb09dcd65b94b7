-- PRESTAGS optional rule 13.0, Panic. Off in the ruleset; a scenario turns it
-- on with its armies' Panic Levels:
--   rules: { panic: { enabled: true, params: { levels: [40, 50] } } }
-- Each unit is worth half its melee strength, a dot counting as 1, fractions
-- rounded up, plus its fire strength (13.0 commentary). A side's Panic Level
-- is `levels[i]` per cent of its units' total worth (sides in the scenario's
-- order). Its losses are the worth of its eliminated units, panicked units
-- that left the map included.
-- The instant (13.11): after every combat, once its losses are all taken
-- (combat.resolved), or at once for a loss outside a combat; in a phase
-- listed in `simultaneous_phases` (all its combats at the same time, 20.2),
-- at the end of the phase. If at that instant:
--   * one side has reached its level, it panics;
--   * both have (13.12, 13.13): the side past its level by more panics; if
--     both are past by the same (both exactly at it, 13.12), the defender in
--     that combat panics; with no single defender (a simultaneous phase),
--     both do.
-- Only one instant of panic ever happens (13.21): afterwards no unit of
-- either side panics, whatever the losses.
-- At the instant, every unit of the panicking army panics except leaders,
-- units stacked with a leader, and units next to a grade 1 or 2 leader
-- (mark "panicked"). A panicked unit may not attack (it gets the phases'
-- barred marks, `barred_marks`), defends at half its melee strength and is
-- eliminated by a D result (the melee_strength and results modules read the
-- mark). At the start of each of its side's movement phases it flees
-- (13.0 GENERAL RULE): hex by hex, each further from the nearest enemy unit,
-- within its movement allowance, never into prohibited terrain, an enemy's
-- hex, next to an enemy fire unit or over the stacking limit; at the map's
-- edge with movement left it leaves the map, counted as lost. Its player may
-- not move it (the movement phase's barred_mark "panicked"). At the end of
-- each of its side's movement phases, panicked units stacked with a leader
-- or next to a grade 1 or 2 leader rally for the rest of the game (13.22).
-- A panicked unit flees greedily, step by step: a route that first gets
-- closer to the enemy to reach the edge is never taken.
-- In a simultaneous sequence panicked units get no orders (the plot phase's
-- barred_mark) and flee when the movement resolution (a phase listed in
-- `simultaneous_movement_phases`) begins, both sides' at once.
-- params: levels (per cent, by side), barred_marks
-- (default fire_barred, melee_barred), movement_phase (default movement),
-- simultaneous_phases (default none), simultaneous_movement_phases (default none).

--[[ params:
  levels:         { type: int_list, min: 0, max: 100, default: [], doc: "each side's Panic Level in per cent of its worth, in the scenario's side order" }
  barred_marks:   { type: text_list, default: [fire_barred, melee_barred], doc: marks that bar a panicked unit from attacking }
  movement_phase: { type: phase, default: movement, doc: the phase at whose start panicked units flee }
  simultaneous_movement_phases: { type: phases, default: [], doc: mutual movement phases where all panicked units flee }
  simultaneous_phases: { type: phases, default: [], doc: phases whose combats count as one instant (20.2) }
]]

local levels = params.levels or {}
local barred_marks = params.barred_marks or { "fire_barred", "melee_barred" }
local movement_phase = params.movement_phase or "movement"
local mutual_movement = {}
for _, p in ipairs(params.simultaneous_movement_phases or {}) do mutual_movement[p] = true end
local simultaneous = {}
for _, p in ipairs(params.simultaneous_phases or {}) do simultaneous[p] = true end

local function is_leader(u) return game.attr(u, "unit_class") == "E" end

-- A unit's worth is its victory points (11.2), which the units module sets.
local function worth(u) return game.capability(u, "victory_points") end

-- Worth of a side's whole army, and of what it has lost.
local function army(side)
  local total, lost = 0, 0
  for u = 0, game.unit_count() - 1 do
    if game.side(u) == side then
      local w = worth(u)
      total = total + w
      if game.unit(u).eliminated then lost = lost + w end
    end
  end
  return total, lost
end

-- Losses beyond the level, in hundredths of a point (the level is a percentage):
-- nil while below it.
local function surplus(side)
  local total, lost = army(side)
  local pct = levels[side + 1]
  if pct == nil then return nil end
  local over = 100 * lost - pct * total
  if over < 0 then return nil end
  return over
end

local function instant_passed() return #game.marked("army_panicked") > 0 end

local function grade(u) return game.attr(u, "grade") + game.mark(u, "grades_lost") end

-- Stacked with a leader, or next to a grade 1 or 2 leader (13.0 PROCEDURE, 13.22).
local function steadied(u)
  local side, hex = game.side(u), game.hex(u)
  for _, o in ipairs(game.units_of(side)) do
    if o ~= u and is_leader(o) then
      local d = game.distance(game.hex(o), hex)
      if d == 0 or (d == 1 and grade(o) <= 2) then return true end
    end
  end
  return false
end

local function panic(side)
  game.log(game.side_name(side) .. " reaches its Panic Level: the army panics (13.0)")
  for u = 0, game.unit_count() - 1 do
    if game.side(u) == side then
      game.set_mark(u, "army_panicked", 1)
      if game.unit(u).on_map and not is_leader(u) then
        if steadied(u) then game.log(game.id(u) .. " stands firm with its leader")
        else game.set_mark(u, "panicked", 1) end
      end
    end
  end
end

-- The instant: who panics, if anyone (13.11-13.13). `defender`: the side
-- that defended in the combat just resolved, or nil.
local function instant(defender)
  if instant_passed() then return end
  local over = { surplus(0), surplus(1) }
  if over[1] == nil and over[2] == nil then return end
  if over[1] == nil then return panic(1) end
  if over[2] == nil then return panic(0) end
  if over[1] ~= over[2] then return panic(over[1] > over[2] and 0 or 1) end
  if defender ~= nil then return panic(defender) end
  panic(0)
  panic(1)
end

game.on("unit.eliminated", function()
  if instant_passed() or game.combat().open or simultaneous[game.phase()] then return end
  instant(nil)
end)

game.on("combat.resolved", function(ctx)
  if simultaneous[game.phase()] then return end
  local defender = #ctx.defenders > 0 and game.side(ctx.defenders[1]) or nil
  instant(defender)
end)

game.on("phase.end", function(ctx)
  if simultaneous[ctx.phase] then instant(nil) end
end)

-- Fleeing ------------------------------------------------------------------

local function enemies_of(side)
  local out = {}
  for s = 0, game.side_count() - 1 do
    if s ~= side then
      for _, e in ipairs(game.units_of(s)) do out[#out + 1] = e end
    end
  end
  return out
end

local function nearest(hex, enemies)
  local best = math.huge
  for _, e in ipairs(enemies) do
    local d = game.distance(hex, game.hex(e))
    if d < best then best = d end
  end
  return best
end

local function enemy_in(hex, side)
  for _, o in ipairs(game.units_at(hex)) do
    if game.side(o) ~= side then return true end
  end
  return false
end

local function next_to_enemy_fire(hex, enemies)
  for _, e in ipairs(enemies) do
    if game.attr(e, "fire") > 0 and game.distance(hex, game.hex(e)) == 1 then return true end
  end
  return false
end

-- The side's stacking limit and the classes that may share a hex (5.4, 5.32).
local function room_in(hex, u) return game.may_stack(u, hex) end

local function flee(u, enemies)
  local side, at, mp = game.side(u), game.hex(u), game.movement(u)
  local start = at
  while mp > 0 do
    local here = nearest(at, enemies)
    local best, best_d, best_cost = nil, here, 0
    for d = 0, 5 do
      local n = game.neighbour(at, d)
      if n == nil then
        game.log(game.id(u) .. " flees off the map from " .. at .. " and is lost (13.0)")
        game.eliminate(u)
        return
      end
      local cost = game.step_cost(u, at, n)
      if cost and cost <= mp and not enemy_in(n, side) and not next_to_enemy_fire(n, enemies) and room_in(n, u) then
        local dn = nearest(n, enemies)
        if dn > best_d then best, best_d, best_cost = n, dn, cost end
      end
    end
    if best == nil then break end
    at, mp = best, mp - best_cost
  end
  if at ~= start then
    game.move(u, at)
    game.log(game.id(u) .. " flees in panic from " .. start .. " to " .. at)
  end
end

game.on("phase.begin", function(ctx)
  local active = game.active_side()
  for _, u in ipairs(game.marked("panicked")) do
    for _, m in ipairs(barred_marks) do game.set_mark(u, m, 1) end
  end
  -- Each side's panicked units flee in its movement phase, or all of them
  -- when a simultaneous sequence's movement resolution begins.
  if ctx.phase ~= movement_phase and not mutual_movement[ctx.phase] then return end
  for side = 0, game.side_count() - 1 do
    if side == active or mutual_movement[ctx.phase] then
      local enemies = enemies_of(side)
      for _, u in ipairs(game.marked("panicked")) do
        if game.side(u) == side and game.unit(u).on_map then flee(u, enemies) end
      end
    end
  end
end)

game.on("phase.end", function(ctx)
  local active = game.active_side()
  for _, u in ipairs(game.marked("panicked")) do
    if game.side(u) == active and game.unit(u).on_map and steadied(u) then
      game.set_mark(u, "panicked", 0)
      game.log(game.id(u) .. " is rallied by its leader (13.22)")
    end
  end
end, { phase = movement_phase })
