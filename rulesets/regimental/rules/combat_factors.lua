-- Regimental stand rules 3.7: the dice added and taken away, for both sides
-- of a combat (the attacker's pool against the defenders, the defenders'
-- against the attackers), changed in combat.strengths so that the Combat tab
-- lists them. Weapons additions add up; the armour and cover factors take at
-- most one die per core stand (3.7.1); the river die (3.7.2) comes on top.
-- Dice lost for strength points below battle strength are the kernel's
-- (a pool is min(BS, SP left)).

local function attr(u, a) return game.attr(u, a) end
local function cover(u) return game.terrain_value(game.hex(u), "cover") ~= 0 end
local function is_armoured(u) return attr(u, "armoured") end
local function soft_in_open(u)  -- non-armoured infantry or artillery, M or H, in the open
  return not is_armoured(u) and (attr(u, "infantry") or attr(u, "artillery")) and not cover(u)
      and (game.status(u) == "M" or game.status(u) == "H")
end
local function core(u) return attr(u, "core") end

local function any(list, f)
  for _, u in ipairs(list) do if f(u) then return true end end
  return false
end

local function with_company(u, firers, kind)
  for _, v in ipairs(firers) do
    if v ~= u and game.hex(v) == game.hex(u) and attr(v, "company") == kind then return true end
  end
  return false
end

-- The dice a pool gains or loses.
local function modifier(firers, targets, attacking, close)
  local target_armoured = any(targets, function(t) return core(t) and is_armoured(t) end)
  local target = targets[1]
  local d = 0
  for _, u in ipairs(firers) do
    local kind = attr(u, "company")
    -- Weapons additions (accumulative). A company's own die is its battle
    -- strength (3.1); what 3.7 adds beyond it is here.
    if core(u) and is_armoured(u) and not attr(u, "infantry") and not close and target and soft_in_open(target) then d = d + 1 end
    if attr(u, "superior_gun") then d = d + 1 end
    if kind == "at" and target_armoured then d = d + 1 end  -- 3.1: AT 2 against armour, 1 against soft (3.7: +2D6 / +1D6)
    if kind == "tank" then
      local with_infantry = any(firers, function(v) return v ~= u and game.hex(v) == game.hex(u) and core(v) and attr(v, "infantry") end)
      if with_infantry and close and target and soft_in_open(target) then d = d + 1 end  -- +2D6 in all
    end
    -- Armour and cover: at most one die per core stand (3.7.1).
    if core(u) then
      local minus = false
      local infantry = attr(u, "infantry") and not is_armoured(u)
      if infantry and not close and target_armoured then minus = true end
      if infantry and close and target_armoured then
        local status = game.status(u)
        if attacking or not ((status == "H" or status == "D") and cover(u)) then minus = true end
      end
      if attacking and target then
        local ts = game.status(target)
        local dug = ts == "D" or (ts == "H" and cover(target))
        if dug and not (close and with_company(u, firers, "engineers")) then minus = true end
      end
      if attr(u, "artillery") and target_armoured then minus = true end
      if minus then d = d - 1 end
      -- 3.7.2: a core stand in a river or on a bridge.
      if game.terrain_value(game.hex(u), "water") ~= 0 then d = d - 1 end
    elseif attr(u, "artillery") and target_armoured then
      d = d - 1
    end
  end
  return d
end

game.on("combat.strengths", function(ctx)
  if ctx.close_combat == nil then return end  -- not a dice pool combat
  local c = game.combat()
  local close = ctx.close_combat ~= 0
  ctx.attack = math.max(0, ctx.attack + modifier(c.attackers, c.defenders, true, close))
  if ctx.defend > 0 then
    local floor = close and 1 or 0  -- 3.4: at least 1D6 in close combat
    ctx.defend = math.max(floor, ctx.defend + modifier(c.defenders, c.attackers, false, close))
  end
end)

-- 3.1: HQs and AA fight in close combat defence only, engineers in close
-- combat only: no dice of theirs in distant fire.
local function close_combat_dice(units)
  local n = 0
  for _, u in ipairs(units) do
    if attr(u, "close_only") or attr(u, "defence_only") then n = n + math.min(attr(u, "bs"), game.strength_points(u)) end
  end
  return n
end

game.on("combat.strengths", function(ctx)
  if ctx.close_combat == nil or ctx.close_combat ~= 0 then return end
  local c = game.combat()
  ctx.attack = math.max(0, ctx.attack - close_combat_dice(c.attackers))
  ctx.defend = math.max(0, ctx.defend - close_combat_dice(c.defenders))
end)
