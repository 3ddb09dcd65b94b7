-- PRESTAGS combat results (8.1-8.3) and the Mutual Disruption Recovery Phase.
-- Results touch only the defender and nobody retreats:
--   D   every defending unit is disrupted (turned to its back face); a unit
--       already disrupted is eliminated (8.22);
--   ½E  half the defending units, the majority when odd, leaders not counted,
--       are eliminated, the defender choosing which; the rest are disrupted;
--   E   every unit in the defending hexes is eliminated, leaders too (10.3).
-- A unit disrupted during a player-turn carries the mark "disrupted_now"
-- until the recovery phase that ends that player-turn; every other disrupted
-- unit recovers there (8.23). The attacker may then advance into a vacated
-- hex (8.4; the kernel offers the advance).
-- Leaders (10.3): units stacked with a leader are never disrupted (10.0,
-- 10.32); instead every leader in a hex with a D or ½E melee result is reduced
-- one grade (mark "grades_lost"; the melee_strength module reads the bonus of
-- the grade reached), and a grade-4 leader reduced is eliminated. E takes
-- them all.
-- 8.2: when disrupted units (or a stack with at least one) are attacked, the
-- attacker adds one to the die roll (combat.roll; on the CRT high rolls favour
-- the attacker). 8.24: an attack on hexes of which only some hold a disrupted
-- unit has two results from the one roll: the kernel's, with the +1, for
-- those hexes, and the table's result for the roll without it for the others.
-- Elevation (optional rule 14.3, params.elevation): Class A and B units on a
-- slope ignore D results; units stacked with them, leaders too, do not.
-- Fire (10.31): leaders never suffer from fire (they are not reduced, and an
-- E result leaves them standing), and units stacked with one are not
-- disrupted by it, though ½E and E strike them.
-- params: elevation (bool, default false), slopes (terrain ids), fire_phases
-- (phase ids of fire combat, default fire and defensive_fire).

--[[ params:
  elevation:   { type: bool, default: false, doc: elevation matters to results }
  fire_phases: { type: phases, default: [fire, defensive_fire], doc: the fire phases }
  slopes:      { type: terrains, default: [], doc: terrain at elevation 1 }
]]

local elevation = params.elevation == true
local fire_phase = {}
for _, p in ipairs(params.fire_phases or { "fire", "defensive_fire" }) do fire_phase[p] = true end
local slope = {}
for _, t in ipairs(params.slopes or {}) do slope[t] = true end

local function is_leader(u) return game.attr(u, "unit_class") == "E" end

local function grade(u) return game.attr(u, "grade") + game.mark(u, "grades_lost") end

local function reduce(leader)
  local g = grade(leader)
  if g >= 4 then
    game.log(game.id(leader) .. " is reduced beyond grade 4 and eliminated")
    game.eliminate(leader)
    return
  end
  game.set_mark(leader, "grades_lost", game.mark(leader, "grades_lost") + 1)
  game.log(game.id(leader) .. " is reduced to grade " .. (g + 1))
end

-- 14.31: a Class A or B unit on a slope ignores Disruption.
local function steady(u)
  if not elevation or not slope[game.terrain(game.hex(u))] then return false end
  local c = game.attr(u, "unit_class")
  return c == "A" or c == "B"
end

local function disrupt(u)
  if steady(u) then
    game.log(game.id(u) .. " holds the slope and ignores the disruption")
    return
  end
  if game.is_back(u) then
    game.log(game.id(u) .. " is disrupted again and eliminated")
    game.eliminate(u)
    return
  end
  game.flip(u, true)
  game.set_mark(u, "disrupted_now", 1)
  game.log(game.id(u) .. " is disrupted")
end

-- Disrupts each unit, except where a leader stands with it (10.32). A
-- panicked unit (optional rule 13.0) is eliminated by a D instead.
local function disrupt_all(units, led)
  for _, u in ipairs(units) do
    if game.mark(u, "panicked") ~= 0 then
      game.log(game.id(u) .. " is panicked: the disruption eliminates it (13.0)")
      game.eliminate(u)
    elseif led[game.hex(u)] then game.log(game.id(u) .. " is not disrupted: a leader stands with it")
    else disrupt(u) end
  end
end

-- Eliminates `count` of `units`, asking their owner which, then disrupts the rest.
local function half_eliminate(units, count, led)
  if count <= 0 or #units <= count then
    local rest = {}
    for i, u in ipairs(units) do
      if i <= count then game.eliminate(u) else rest[#rest + 1] = u end
    end
    disrupt_all(rest, led)
    return
  end
  local labels = {}
  for i, u in ipairs(units) do labels[i] = "eliminate " .. game.id(u) end
  game.choose(game.side(units[1]), "½E: choose a unit to eliminate (" .. count .. " to go)", labels, function(answer)
    local rest = {}
    for i, u in ipairs(units) do
      if i == answer then game.eliminate(u) else rest[#rest + 1] = u end
    end
    half_eliminate(rest, count - 1, led)
  end)
end

-- The defending side and its hexes, split by whether each holds a disrupted
-- unit (8.2, 8.24).
local function defending_hexes(defenders)
  local side = game.side(defenders[1])
  local with, without, seen = {}, {}, {}
  for _, d in ipairs(defenders) do
    local hex = game.hex(d)
    if not seen[hex] then
      seen[hex] = true
      local disrupted = false
      for _, u in ipairs(game.units_at(hex)) do
        if game.side(u) == side and game.is_back(u) then disrupted = true end
      end
      if disrupted then with[#with + 1] = hex else without[#without + 1] = hex end
    end
  end
  return side, with, without
end

-- One result on the units of `side` in `hexes`.
local function apply(result, side, hexes)
  local units, leaders, led = {}, {}, {}
  for _, hex in ipairs(hexes) do
    for _, u in ipairs(game.units_at(hex)) do
      if game.side(u) == side then
        if is_leader(u) then leaders[#leaders + 1] = u; led[hex] = true else units[#units + 1] = u end
      end
    end
  end
  if result == "D" or result == "½E" then
    if #units > 0 then
      if result == "D" then disrupt_all(units, led)
      else half_eliminate(units, (#units + 1) // 2, led) end
    end
    if not fire_phase[game.phase()] then
      for _, l in ipairs(leaders) do reduce(l) end
    end
  elseif result == "E" then
    local by_fire = fire_phase[game.phase()]
    for _, u in ipairs(units) do game.eliminate(u) end
    if not by_fire then
      for _, l in ipairs(leaders) do game.eliminate(l) end
    end
  end
end

game.on("combat.roll", function(ctx)
  local defenders = game.combat().defenders
  if #defenders == 0 then return end
  local _, with, without = defending_hexes(defenders)
  if #with == 0 then return end
  ctx.modifier = ctx.modifier + 1
  if #without == 0 then
    game.log(table.concat(with, ", ") .. " holds a disrupted unit: the attacker adds one to the die roll (8.2)")
  else
    game.log(table.concat(with, ", ") .. " holds a disrupted unit: one is added to the die for it; " ..
             table.concat(without, ", ") .. " has its own result, without it (8.24)")
  end
end)

game.on("combat.result", function(ctx)
  local defenders = game.combat().defenders
  if #defenders == 0 then return end
  local side, with, without = defending_hexes(defenders)
  if #with > 0 and #without > 0 and ctx.roll > 0 then
    -- 8.24: two results from one roll, the +1 only for the disrupted hexes.
    local plain = game.crt_result(game.combat().column, ctx.roll + ctx.modifier - 1)
    game.log("8.24: " .. table.concat(with, ", ") .. " takes " .. ctx.result .. ", " .. table.concat(without, ", ") .. " takes " .. plain)
    apply(ctx.result, side, with)
    apply(plain, side, without)
    return
  end
  local all = {}
  for _, h in ipairs(with) do all[#all + 1] = h end
  for _, h in ipairs(without) do all[#all + 1] = h end
  apply(ctx.result, side, all)
end)

game.on("phase.begin", function()
  for side = 0, 1 do
    for _, u in ipairs(game.units_of(side)) do
      if game.is_back(u) and game.mark(u, "disrupted_now") == 0 then
        game.flip(u, false)
        game.log(game.id(u) .. " recovers from disruption")
      end
    end
  end
  for _, u in ipairs(game.marked("disrupted_now")) do game.set_mark(u, "disrupted_now", 0) end
end, { phase = "recovery" })
