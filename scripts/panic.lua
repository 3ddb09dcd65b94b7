-- Army panic, a reusable rule module (PRESTAGS optional rule 13.0 style).
-- Each side has a Panic Level: `levels[i]` per cent of its army's worth
-- (sides in the scenario's order). A unit's worth is the printed (front)
-- value of `worth_attribute`, or, when that is not given, what its loss
-- scores (the `victory_points` capability, which a ruleset module must set:
-- PRESTAGS's `units` module does, 11.2). A side's losses are the worth of
-- its eliminated units, panicked units that fled off the map included.
-- The instant: after every combat, once its losses are all taken
-- (combat.resolved), or at once for a loss outside a combat; in a phase
-- listed in `simultaneous_phases` (all its combats at the same time), at the
-- end of the phase. If at that instant:
--   * one side has reached its level, it panics;
--   * several have: the side past its level by most panics; when sides tie
--     for most (all exactly at their levels, say), the defender in that
--     combat panics if it is one of them, otherwise all of them do.
-- Only one instant of panic ever happens: afterwards no unit of any side
-- panics, whatever the losses (mark "army_panicked" on every unit of a side
-- that panicked).
-- At the instant every unit of the panicking army on the map panics (mark
-- `mark`), except leaders and the units a leader steadies: those within
-- `steady_radius` hexes of a friendly leader, by the leader's grade (the
-- grade attribute plus the `grade_mark` he carries, e.g. grades lost); 0 is
-- his own hex. A panicked unit gets the `barred_marks` at the start of every
-- phase, which the phases' `barred_mark` options read to keep it from
-- attacking; other modules read `mark` for the rest (PRESTAGS: it defends at
-- half, a D eliminates it, its player may not move it).
-- Fleeing: at the start of each of its side's `movement_phase`s, or when a
-- phase in `simultaneous_movement_phases` begins (both sides' units then), a
-- panicked unit flees hex by hex, each step further from the nearest enemy
-- unit, within its movement allowance, never into prohibited terrain, an
-- enemy's hex, a hex next to an enemy unit with a `flee_avoids` attribute, or
-- over the stacking limit. With `flee_off_map`, one at the map's edge with
-- movement left leaves the map and is lost. It flees greedily, step by step:
-- a route that first gets closer to the enemy to reach the edge is never taken.
-- Rallying (`rally`): at the end of each of its side's `movement_phase`s a
-- panicked unit a leader steadies is rallied for the rest of the game.

--[[ params:
  levels:           { type: int_list, min: 0, max: 100, default: [], doc: "each side's Panic Level in per cent of its worth, in the scenario's side order; a side without one never panics" }
  worth_attribute:  { type: attribute, doc: "an int attribute whose printed (front) value is a unit's worth; not given: the victory points its loss scores (the victory_points capability)" }
  mark:             { type: text, default: panicked, doc: the mark a panicked unit carries (other modules and the phases' barred_mark read it) }
  barred_marks:     { type: text_list, default: [], doc: marks given to panicked units at the start of every phase to bar them from attacking }
  leader_attribute: { type: attribute, default: leader, doc: the attribute that marks leaders }
  leader_values:    { type: text_list, default: [], doc: "the values of leader_attribute that make a leader (for an enum: its words); empty: any value but 0 or false" }
  grade_attribute:  { type: attribute, doc: "an int attribute holding a leader's grade; not given: every leader steadies as steady_radius_other says" }
  grade_mark:       { type: text, default: "", doc: "a mark added to a leader's grade (grades lost); empty: none" }
  steady_radius:    { type: int_list, min: 0, max: 9, default: [], doc: "by grade, from grade 1: how many hexes from a leader of that grade units are steadied (0: his own hex)" }
  steady_radius_other: { type: int, min: 0, max: 9, default: 0, doc: how many hexes from a leader whose grade steady_radius does not list units are steadied }
  flee_avoids:      { type: attribute, doc: "fleeing units never enter a hex next to an enemy unit whose attribute this is is not 0 or false; not given: no such hexes" }
  flee_off_map:     { type: bool, default: true, doc: a panicked unit at the map's edge with movement left flees off the map and is lost }
  rally:            { type: bool, default: true, doc: "at the end of its side's movement phase, a panicked unit a leader steadies is rallied" }
  movement_phase:   { type: phase, default: movement, doc: the phase at whose start panicked units flee and at whose end they rally }
  simultaneous_movement_phases: { type: phases, default: [], doc: mutual movement phases where all panicked units flee }
  simultaneous_phases: { type: phases, default: [], doc: phases whose combats count as one instant }
]]

---@class panic.params
---@field levels? integer[] each side's Panic Level in per cent of its worth, in the scenario's side order (default {})
---@field worth_attribute? string an int attribute whose printed value is a unit's worth (default: the victory_points capability)
---@field mark? string the mark a panicked unit carries (default "panicked")
---@field barred_marks? string[] marks given to panicked units at the start of every phase (default {})
---@field leader_attribute? string the attribute that marks leaders (default "leader")
---@field leader_values? string[] the values of leader_attribute that make a leader; empty: any but 0 or false (default {})
---@field grade_attribute? string an int attribute holding a leader's grade (default: none)
---@field grade_mark? string a mark added to a leader's grade (default "": none)
---@field steady_radius? integer[] by grade from 1: hexes from the leader within which units are steadied, 0-9 (default {})
---@field steady_radius_other? integer the same for a grade the list does not reach, 0-9 (default 0)
---@field flee_avoids? string fleeing units never enter a hex next to an enemy unit with this attribute (default: none)
---@field flee_off_map? boolean a panicked unit at the map's edge flees off it and is lost (default true)
---@field rally? boolean leaders rally the panicked units they steady at the end of the movement phase (default true)
---@field movement_phase? string the phase at whose start panicked units flee and at whose end they rally (default "movement")
---@field simultaneous_movement_phases? string[] mutual movement phases where all panicked units flee (default {})
---@field simultaneous_phases? string[] phases whose combats count as one instant (default {})

---@type panic.params
local p = params
local levels = p.levels or {}
local worth_attribute = p.worth_attribute
local panicked_mark = p.mark or "panicked"
local barred_marks = p.barred_marks or {}
local leader_attribute = p.leader_attribute or "leader"
local leader_value = {}
for _, v in ipairs(p.leader_values or {}) do leader_value[v] = true end
local any_leader_value = #(p.leader_values or {}) == 0
local grade_attribute = p.grade_attribute
local grade_mark = p.grade_mark or ""
local steady_radius = p.steady_radius or {}
local steady_radius_other = p.steady_radius_other or 0
local flee_avoids = p.flee_avoids
local flee_off_map = p.flee_off_map ~= false
local rally = p.rally ~= false
local movement_phase = p.movement_phase or "movement"
local mutual_movement = {}
for _, ph in ipairs(p.simultaneous_movement_phases or {}) do mutual_movement[ph] = true end
local simultaneous = {}
for _, ph in ipairs(p.simultaneous_phases or {}) do simultaneous[ph] = true end

-- A side's leaders on the map. Without listed values the kernel's own test
-- (not 0, not false) picks them, as the unit_has filter would.
local function leaders_of(side)
  if any_leader_value then return game.units_with(side, leader_attribute) end
  local out = {}
  for _, u in ipairs(game.units_of(side)) do
    if leader_value[tostring(game.attr(u, leader_attribute))] then out[#out + 1] = u end
  end
  return out
end

local function as_set(units)
  local set = {}
  for _, u in ipairs(units) do set[u] = true end
  return set
end

local function worth(u)
  if worth_attribute then return game.type_attr(game.unit(u).type, "front", worth_attribute) end
  return game.capability(u, "victory_points")
end

-- The kernel's default victory_points (-1) means "strength times the
-- scenario's rate", a rate Lua cannot see: such a worth would be wrong, so
-- say so when the game starts rather than panic at the wrong moment.
game.on("game.setup", function()
  if worth_attribute then return end
  for u = 0, game.unit_count() - 1 do
    if worth(u) < 0 then
      error("panic: unit " .. game.id(u) .. " has no victory_points capability set; give the panic module a worth_attribute")
    end
  end
end)

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
-- nil while below it, or when the side has no level.
local function surplus(side)
  local pct = levels[side + 1]
  if pct == nil then return nil end
  local total, lost = army(side)
  local over = 100 * lost - pct * total
  if over < 0 then return nil end
  return over
end

local function instant_passed() return #game.marked("army_panicked") > 0 end

local function radius(leader)
  if not grade_attribute then return steady_radius_other end
  local grade = game.attr(leader, grade_attribute)
  if grade_mark ~= "" then grade = grade + game.mark(leader, grade_mark) end
  return steady_radius[grade] or steady_radius_other
end

-- Within the steadying distance of one of `leaders` (not itself).
local function steadied(u, leaders)
  local hex = game.hex(u)
  for _, l in ipairs(leaders) do
    if l ~= u and game.distance(game.hex(l), hex) <= radius(l) then return true end
  end
  return false
end

local function panic(side)
  game.log(game.side_name(side) .. " reaches its Panic Level: the army panics")
  local leaders = leaders_of(side)
  local is_leader = as_set(leaders)
  for u = 0, game.unit_count() - 1 do
    if game.side(u) == side then
      game.set_mark(u, "army_panicked", 1)
      if game.unit(u).on_map and not is_leader[u] then
        if steadied(u, leaders) then game.log(game.id(u) .. " stands firm with its leader")
        else game.set_mark(u, panicked_mark, 1) end
      end
    end
  end
end

-- The instant: who panics, if anyone. `defender`: the side that defended in
-- the combat just resolved, or nil.
local function instant(defender)
  if instant_passed() then return end
  local most, panicking = nil, {}
  for side = 0, game.side_count() - 1 do
    local over = surplus(side)
    if over ~= nil then
      if most == nil or over > most then most, panicking = over, { side }
      elseif over == most then panicking[#panicking + 1] = side end
    end
  end
  if most == nil then return end
  if #panicking > 1 then
    for _, side in ipairs(panicking) do
      if side == defender then return panic(side) end
    end
  end
  for _, side in ipairs(panicking) do panic(side) end
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

-- The enemy units whose neighbourhood a fleeing unit shuns.
local function feared_of(side)
  local out = {}
  if not flee_avoids then return out end
  for s = 0, game.side_count() - 1 do
    if s ~= side then
      for _, e in ipairs(game.units_with(s, flee_avoids)) do out[#out + 1] = e end
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

local function next_to_any(hex, units)
  for _, e in ipairs(units) do
    if game.distance(hex, game.hex(e)) == 1 then return true end
  end
  return false
end

local function flee(u, enemies, feared)
  local side, at, mp = game.side(u), game.hex(u), game.movement(u)
  local start = at
  while mp > 0 do
    local here = nearest(at, enemies)
    local best, best_d, best_cost = nil, here, 0
    for d = 0, 5 do
      local n = game.neighbour(at, d)
      if n == nil then
        if flee_off_map then
          game.log(game.id(u) .. " flees off the map from " .. at .. " and is lost")
          game.eliminate(u)
          return
        end
      else
        local cost = game.step_cost(u, at, n)
        -- game.may_stack: the side's stacking limit and which units may share a hex.
        if cost and cost <= mp and not enemy_in(n, side) and not next_to_any(n, feared) and game.may_stack(u, n) then
          local dn = nearest(n, enemies)
          if dn > best_d then best, best_d, best_cost = n, dn, cost end
        end
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
  for _, u in ipairs(game.marked(panicked_mark)) do
    for _, m in ipairs(barred_marks) do game.set_mark(u, m, 1) end
  end
  -- Each side's panicked units flee in its movement phase, or all of them
  -- when a simultaneous sequence's movement resolution begins.
  if ctx.phase ~= movement_phase and not mutual_movement[ctx.phase] then return end
  for side = 0, game.side_count() - 1 do
    if side == active or mutual_movement[ctx.phase] then
      local enemies, feared = enemies_of(side), feared_of(side)
      for _, u in ipairs(game.marked(panicked_mark)) do
        if game.side(u) == side and game.unit(u).on_map then flee(u, enemies, feared) end
      end
    end
  end
end)

if rally then
  game.on("phase.end", function()
    local active = game.active_side()
    local leaders = leaders_of(active)
    for _, u in ipairs(game.marked(panicked_mark)) do
      if game.side(u) == active and game.unit(u).on_map and steadied(u, leaders) then
        game.set_mark(u, panicked_mark, 0)
        game.log(game.id(u) .. " is rallied by its leader")
      end
    end
  end, { phase = movement_phase })
end
