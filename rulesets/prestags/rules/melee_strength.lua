-- PRESTAGS melee strengths (7.0, 3.36, 3.37, 10.1, 14.1-14.2), computed in
-- the combat.strengths event from the units in the combat:
--   * a dot unit (3.36) never attacks (its melee attribute is 0); it defends
--     at 0 when stacked with a friend that has a melee strength, else at 1;
--   * a bracketed strength (3.37) defends at half, fractions kept, and so
--     does a panicked unit (mark "panicked", optional rule 13.0);
--   * elevation (optional rule 14.0, params.elevation): a Class A or B
--     attacker on ground attacking a slope, on a slope attacking a hilltop, or
--     on a slope attacking another slope attacks at half, fractions kept,
--     before leader bonuses and flank doubling (14.13, 14.22);
--   * leaders (10.1): every leader in a hex adds its bonus (that of its
--     grade after reductions, 10.3) to the units of its
--     side fighting from that hex, never more than their adjusted strength;
--   * a flank attack (7.5) doubles the attackers, applied last (7.52):
--     every one of the six hexes around each defending hex is a defending
--     hex, holds an attacker, or is next to one (an off-map hex: next to an
--     attacker around the defender; 7.54).
-- All the units in a defending hex defend as one (5.41, 7.12) and a hex is
-- attacked once per player-turn (7.13): a combat against a hex already
-- attacked this phase is called off.
-- The odds are then found by the kernel, rounded in the defender's favour
-- (7.32). Fractions are never lost: strengths are counted in quarter points
-- and both totals divided by the largest of 4, 2, 1 that leaves them whole,
-- so 2½ against 2 is written 5 against 4 (1-1). Odds below 1:2 are not
-- permitted (8.1): the phases' `below_lowest_column: not_permitted` refuses
-- such an attack before the roll, asking this handler as an estimate; in the
-- simultaneous sequence, where attacks are settled when the phase begins
-- (20.2), one that falls below 1:2 has no effect.
-- Simultaneous sequence (23.11): a unit plotted to move defends at half.
-- params: elevation (bool, default false), slopes, hilltops (terrain ids),
-- melee_phases (phase ids of melee combat, default melee).

--[[ params:
  elevation:    { type: bool, default: false, doc: elevation changes melee strengths (7.4) }
  melee_phases: { type: phases, default: [melee], doc: the melee phases }
  slopes:       { type: terrains, default: [], doc: terrain at elevation 1 }
  hilltops:     { type: terrains, default: [], doc: terrain at elevation 2 }
]]

local elevation = params.elevation == true
local melee_phase = {}
for _, p in ipairs(params.melee_phases or { "melee" }) do melee_phase[p] = true end
local level_of = {}
for _, t in ipairs(params.slopes or {}) do level_of[t] = 1 end
for _, t in ipairs(params.hilltops or {}) do level_of[t] = 2 end

-- 10.3: a leader reduced a grade (mark "grades_lost", set by the results
-- module) gives the bonus of the grade reached, read from the leader types.
local bonus_of_grade = {}
for _, t in ipairs(game.unit_types()) do
  local g = game.type_attr(t, "front", "grade")
  if game.type_attr(t, "front", "unit_class") == "E" and g > 0 then bonus_of_grade[g] = game.type_attr(t, "front", "leader") end
end

local function leader_bonus(u)
  local lost = game.mark(u, "grades_lost")
  if lost == 0 then return game.attr(u, "leader") end
  return bonus_of_grade[game.attr(u, "grade") + lost] or game.attr(u, "leader")
end

local function level(hex) return level_of[game.terrain(hex)] or 0 end

local function printed(u)
  -- The front face: a disrupted unit still defends with its printed strength.
  return game.type_attr(game.unit(u).type, "front", "melee")
end

local function is_leader(u) return game.attr(u, "unit_class") == "E" end

-- 3.36: a dot unit stacked with a friend that has a melee strength defends at 0.
local function dot_defence(u)
  local side, hex = game.side(u), game.hex(u)
  for _, o in ipairs(game.units_at(hex)) do
    if o ~= u and game.side(o) == side and not is_leader(o) and not game.attr(o, "dot") and printed(o) > 0 then return 0 end
  end
  return 4
end

-- Facing (optional rule 16.0, units with the capability "faces"): a unit
-- attacked in part or whole through its flank defends at half (16.21), a
-- bracketed strength at half of its half (16.25).
local function faces(u) return game.capability(u, "faces") == 1 and game.facing(u) ~= nil end

local function flanked_by(u, attackers)
  if not faces(u) then return false end
  for _, a in ipairs(attackers) do
    if not game.in_front(u, game.hex(a)) then return true end
  end
  return false
end

local function defence_quarters(u, attackers)
  local q = game.attr(u, "dot") and dot_defence(u) or 4 * printed(u)
  if flanked_by(u, attackers) then q = q // 2 end  -- 16.21, 16.25
  if game.attr(u, "bracketed") then q = q // 2 end  -- 3.37
  if game.mark(u, "panicked") ~= 0 then q = q // 2 end  -- 13.0: panicked units defend at half
  if game.plot(u).task == "move" then q = q // 2 end      -- 23.11: plotted to move, attacked in melee
  return q
end

-- 14.11, 14.21: a Class A or B unit attacking uphill, or from slope to slope.
local function uphill(a, defenders)
  local c = game.attr(a, "unit_class")
  if not elevation or (c ~= "A" and c ~= "B") then return false end
  local from = level(game.hex(a))
  for _, d in ipairs(defenders) do
    local to = level(game.hex(d))
    if to == from + 1 or (from == 1 and to == 1) then return true end
  end
  return false
end

-- In a plotted (simultaneous) combat an attacker fights as it stood when the
-- phase began, even if disrupted since by a combat of the same phase (20.21).
local function attack_quarters(a, defenders, plotted)
  local q = 4 * (plotted and printed(a) or game.attr(a, "melee"))
  if uphill(a, defenders) then q = q // 2 end
  return q
end

-- 10.1: per hex, the sum of the leaders' bonuses there, capped by the adjusted
-- strength of the side's units fighting from that hex.
local function with_leaders(units, strength_of)
  local by_hex, order = {}, {}
  for _, u in ipairs(units) do
    local hex = game.hex(u)
    if not by_hex[hex] then by_hex[hex] = 0; order[#order + 1] = hex end
    by_hex[hex] = by_hex[hex] + strength_of(u)
  end
  local side = game.side(units[1])
  local total = 0
  for _, hex in ipairs(order) do
    local bonus = 0
    for _, o in ipairs(game.units_at(hex)) do
      if game.side(o) == side and is_leader(o) then bonus = bonus + 4 * leader_bonus(o) end
    end
    total = total + by_hex[hex] + math.min(bonus, by_hex[hex])
  end
  return total
end

-- 5.41, 7.12: every unit of the defending side in a defending hex; leaders
-- only when they stand alone (they then defend at 0).
local function defending_units(defenders)
  local side = game.side(defenders[1])
  local out, leaders, seen = {}, {}, {}
  for _, d in ipairs(defenders) do
    local hex = game.hex(d)
    if not seen[hex] then
      seen[hex] = true
      for _, u in ipairs(game.units_at(hex)) do
        if game.side(u) == side then
          if is_leader(u) then leaders[#leaders + 1] = u else out[#out + 1] = u end
        end
      end
    end
  end
  if #out == 0 then return leaders end
  return out
end

local function contains(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

-- 7.51, 7.54: every hex around every defending hex is covered.
local function flanked(attackers, defenders)
  local a_hexes, d_hexes = {}, {}
  for _, a in ipairs(attackers) do a_hexes[#a_hexes + 1] = game.hex(a) end
  for _, d in ipairs(defenders) do d_hexes[#d_hexes + 1] = game.hex(d) end
  local function covered(n)
    for _, h in ipairs(a_hexes) do
      if game.distance(h, n) <= 1 then return true end
    end
    return false
  end
  for _, dh in ipairs(d_hexes) do
    for d = 0, 5 do
      local n = game.neighbour(dh, d)
      if n == nil then
        local left, right = game.neighbour(dh, (d + 5) % 6), game.neighbour(dh, (d + 1) % 6)
        if not ((left and contains(a_hexes, left)) or (right and contains(a_hexes, right))) then return false end
      elseif not contains(d_hexes, n) and not covered(n) then
        return false
      end
    end
  end
  return true
end

-- 7.13: one melee per defending hex per phase; the mark is cleared when the
-- phase ends.
game.on("combat.declared", function(ctx)
  if not melee_phase[game.phase()] then return end
  local hexes = {}
  for _, d in ipairs(ctx.defenders) do
    local hex = game.hex(d)
    for _, u in ipairs(game.units_at(hex)) do
      if game.mark(u, "melee_attacked") ~= 0 then
        game.log(hex .. " has already been attacked this phase (7.13): the combat is called off")
        game.cancel_combat()
        return
      end
    end
    hexes[#hexes + 1] = hex
  end
  for _, hex in ipairs(hexes) do
    for _, u in ipairs(game.units_at(hex)) do game.set_mark(u, "melee_attacked", 1) end
  end
end)

game.on("phase.end", function(ctx)
  if not melee_phase[ctx.phase] then return end
  for _, u in ipairs(game.marked("melee_attacked")) do game.set_mark(u, "melee_attacked", 0) end
end)

local function quarters_text(q)
  local whole, rest = q // 4, q % 4
  local frac = ({ [1] = "¼", [2] = "½", [3] = "¾" })[rest] or ""
  if whole == 0 and frac ~= "" then return frac end
  return tostring(whole) .. frac
end

game.on("combat.strengths", function(ctx)
  if not melee_phase[game.phase()] then return end
  local c = game.combat()
  local attackers = c.attackers
  if #attackers == 0 or #c.defenders == 0 then return end
  local defenders = defending_units(c.defenders)
  local attack = with_leaders(attackers, function(a) return attack_quarters(a, defenders, c.plotted) end)
  local defend = with_leaders(defenders, function(d) return defence_quarters(d, attackers) end)
  -- 16.24: with facing, the flank attack of 7.5 is replaced by the defender's flank.
  if not faces(attackers[1]) and flanked(attackers, defenders) then
    attack = attack * 2
    game.log("flank attack: the attackers' strength is doubled")
  end
  local scale = 1
  for _, s in ipairs({ 4, 2 }) do
    if attack % s == 0 and defend % s == 0 then scale = s; break end
  end
  ctx.attack = attack // scale
  ctx.defend = defend // scale
  if scale ~= 4 then
    game.log(quarters_text(attack) .. " against " .. quarters_text(defend) .. ", counted as " .. ctx.attack .. " against " .. ctx.defend)
  end
  if 2 * attack < defend then
    game.log("odds below 1:2 are not permitted (8.1): the attack has no effect")
    game.force_result("-")
  end
end)
