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
-- the attacker). 8.24, an attack on two hexes of which only one holds a
-- disrupted unit, has two results, one per hex; the kernel resolves one result
-- per combat, so here the +1 is given only when every defending hex holds a
-- disrupted unit, and a mixed attack is logged as rolled unmodified.
-- Elevation (optional rule 14.3, params.elevation): Class A and B units on a
-- slope ignore D results; units stacked with them, leaders too, do not.
-- Fire (10.31): leaders never suffer from fire (they are not reduced, and an
-- E result leaves them standing), and units stacked with one are not
-- disrupted by it, though ½E and E strike them.
-- params: elevation (bool, default false), slopes (terrain ids), fire_phases
-- (phase ids of fire combat, default fire and defensive_fire).

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

-- Every non-leader unit of the defending side in the defending hexes: a hex
-- defends as one (5.41).
local function fighting(defenders)
  local out, seen = {}, {}
  if #defenders == 0 then return out end
  local side = game.side(defenders[1])
  for _, d in ipairs(defenders) do
    local hex = game.hex(d)
    if not seen[hex] then
      seen[hex] = true
      for _, u in ipairs(game.units_at(hex)) do
        if game.side(u) == side and not is_leader(u) then out[#out + 1] = u end
      end
    end
  end
  return out
end

-- The leaders of `side` in the hexes of `units`, and which hexes hold one.
local function leaders_with(units, side)
  local leaders, led, seen = {}, {}, {}
  for _, u in ipairs(units) do
    local hex = game.hex(u)
    if not seen[hex] then
      seen[hex] = true
      for _, o in ipairs(game.units_at(hex)) do
        if game.side(o) == side and is_leader(o) then
          leaders[#leaders + 1] = o
          led[hex] = true
        end
      end
    end
  end
  return leaders, led
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

game.on("combat.roll", function(ctx)
  local defenders = game.combat().defenders
  if #defenders == 0 then return end
  local side = game.side(defenders[1])
  local hexes, seen, disrupted = {}, {}, {}
  for _, d in ipairs(defenders) do
    local hex = game.hex(d)
    if not seen[hex] then
      seen[hex] = true
      hexes[#hexes + 1] = hex
      for _, u in ipairs(game.units_at(hex)) do
        if game.side(u) == side and game.is_back(u) and not disrupted[hex] then disrupted[hex] = u end
      end
    end
  end
  local with, without = {}, 0
  for _, hex in ipairs(hexes) do
    if disrupted[hex] then with[#with + 1] = game.id(disrupted[hex]) else without = without + 1 end
  end
  if #with == 0 then return end
  if without > 0 then
    game.log("only some of the defending hexes hold a disrupted unit: the die is not modified (8.24's two results are not implemented)")
    return
  end
  ctx.modifier = ctx.modifier + 1
  game.log(table.concat(with, ", ") .. " disrupted: the attacker adds one to the die roll (8.2)")
end)

game.on("combat.result", function(ctx)
  local defenders = game.combat().defenders
  if #defenders == 0 then return end
  local side = game.side(defenders[1])
  if ctx.result == "D" or ctx.result == "½E" then
    local units = fighting(defenders)
    local leaders, led = leaders_with(#units > 0 and units or defenders, side)
    if #units > 0 then
      if ctx.result == "D" then disrupt_all(units, led)
      else half_eliminate(units, (#units + 1) // 2, led) end
    end
    if not fire_phase[game.phase()] then
      for _, l in ipairs(leaders) do reduce(l) end
    end
  elseif ctx.result == "E" then
    local by_fire = fire_phase[game.phase()]
    local seen = {}
    for _, d in ipairs(defenders) do
      local hex = game.hex(d)
      if not seen[hex] then
        seen[hex] = true
        for _, u in ipairs(game.units_at(hex)) do
          if game.side(u) == side and not (by_fire and is_leader(u)) then game.eliminate(u) end
        end
      end
    end
  end
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
