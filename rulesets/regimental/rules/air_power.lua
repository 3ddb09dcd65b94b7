-- Regimental stand rules 9.0: air power. Each side has `points` air power
-- points a day (by side, in scenario order). A point "can be called in to
-- support attacks and defences like artillery ... on the same basis [and with
-- the same penalties] as artillery": so only where divisional artillery could
-- be called in (3.5): by an M regiment initiating an attack (3.5.1), or by an
-- H or D stand attacked (3.5.2), the calling stand within 2 hexes of its HQ
-- (3.5), in the regiments' combat phase (the artillery phase's barrages are
-- no combat a point supports, and their target does not fire back, 5.1).
-- When such a combat is declared the attacker, then the defender, may call
-- one in: it adds 2D to its side's dice, as artillery does (same status,
-- same penalties). If enemy AA stands are within 2 hexes of the point's
-- target (the defending hex for the attacker's point, the attacking stands'
-- hexes for the defender's), the AA fires 2D hitting on 6: a hit stops the
-- attack, and the point is spent for nothing. Points left at night are lost;
-- the next day brings `points` again.
--[[ params:
  points: { type: int_list, default: [0, 0], doc: "air power points a day, by side in scenario order" }
  phases: { type: phases, default: [combat], doc: the phases whose combats air power may support }
]]

---@class air_power.params
---@field points? integer[] air power points a day, by side in scenario order (default none)

---@type air_power.params
local p = params
local POINTS = p.points or {}
local supports_in = {}
for _, id in ipairs(p.phases or { "combat" }) do supports_in[id] = true end

-- Points left today and the day they were given, kept as marks on the
-- side's first unit in scenario order (marks are rolled back and hashed).
local function keeper(side)
  for u = 0, game.unit_count() - 1 do
    if game.side(u) == side then return u end
  end
end

local function left(side)
  local k = keeper(side)
  return k and game.mark(k, "air_points_left") or 0
end

local function set_left(side, n)
  local k = keeper(side)
  if k then game.set_mark(k, "air_points_left", n) end
end

-- Each day's first orders phase brings the day's points; what was left is lost.
game.on("phase.begin", function()
  for side = 0, game.side_count() - 1 do
    local k = keeper(side)
    if k and game.mark(k, "air_day") ~= game.day() then
      game.set_mark(k, "air_day", game.day())
      set_left(side, POINTS[side + 1] or 0)
    end
  end
end, { phase = "orders" })

local function aa_near(side, hexes)
  local near = {}
  for _, u in ipairs(game.units_of(1 - side)) do
    if game.attr(u, "company") == "aa" then
      for _, h in ipairs(hexes) do
        if game.distance(game.hex(u), h) <= 2 then near[#near + 1] = u break end
      end
    end
  end
  return near
end

-- The strike: AA first, then 2D to the side's dice (mark "air_strike" on the combat's first unit of that side).
local function strike(side, role, first_unit, target_hexes)
  set_left(side, left(side) - 1)
  local aa = aa_near(side, target_hexes)
  if #aa > 0 then
    local hit = false
    for _ = 1, 2 do
      if game.roll(6, "AA fire at the " .. role .. "'s air strike") == 6 then hit = true end
    end
    if hit then
      game.log("AA (" .. game.unit(aa[1]).id .. ") stops the " .. role .. "'s air strike")
      return
    end
  end
  game.log("the " .. role .. " calls in an air strike: +2D")
  game.set_mark(first_unit, "air_strike", 1)
end

-- The command module marks each unit with its HQ's handle + 1.
local function hq_of(f)
  local m = game.mark(game.formation_units(f)[1], "hq_handle")
  return m > 0 and m - 1 or nil
end

-- 3.5: may this stand call in support from outside its hex, its regiment under one of `orders`?
local function may_call(u, orders)
  local f = game.formation(u)
  if not f or not orders[game.order(f)] or game.mark(u, "no_hq") ~= 0 then return false end
  local hq = hq_of(f)
  return hq ~= nil and game.unit(hq).on_map and game.distance(game.hex(u), game.hex(hq)) <= 2
end

local ATTACKING_ORDERS = { M = true }          -- 3.5.1: an H attack has its hex and fire support only
local DEFENDING_ORDERS = { H = true, D = true } -- 3.5.2: an M defence has its hex and fire support only

game.on("combat.declared", function(ctx)
  if not supports_in[game.phase()] then return end
  local attacker, defender = ctx.attackers[1], ctx.defenders[1]
  if not attacker or not defender then return end
  local a_side, d_side = game.side(attacker), game.side(defender)
  local defending_hexes, attacking_hexes = {}, {}
  for _, u in ipairs(ctx.defenders) do defending_hexes[#defending_hexes + 1] = game.hex(u) end
  for _, u in ipairs(ctx.attackers) do attacking_hexes[#attacking_hexes + 1] = game.hex(u) end
  if left(a_side) > 0 and may_call(attacker, ATTACKING_ORDERS) then
    game.choose(a_side, "Call in an air strike (" .. left(a_side) .. " left today)?", { "Yes: +2D", "No" }, function(answer)
      if answer == 1 then strike(a_side, "attacker", attacker, defending_hexes) end
    end)
  end
  if left(d_side) > 0 and may_call(defender, DEFENDING_ORDERS) then
    game.choose(d_side, "Call in an air strike for the defence (" .. left(d_side) .. " left today)?", { "Yes: +2D", "No" }, function(answer)
      if answer == 1 then strike(d_side, "defender", defender, attacking_hexes) end
    end)
  end
end)

game.on("combat.strengths", function(ctx)
  if ctx.close_combat == nil then return end
  local c = game.combat()
  local a, d = c.attackers[1], c.defenders[1]
  if a and game.mark(a, "air_strike") ~= 0 then
    ctx.attack = ctx.attack + 2
    game.set_mark(a, "air_strike", 0)
  end
  if d and game.mark(d, "air_strike") ~= 0 then
    ctx.defend = ctx.defend + 2
    game.set_mark(d, "air_strike", 0)
  end
end)
