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
-- Not here yet: leaders nullifying disruption at the cost of a grade (10.3,
-- 10.32), Class A/B on slopes ignoring D (14.3).

local function is_leader(u) return game.attr(u, "unit_class") == "E" end

local function disrupt(u)
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

-- Eliminates `count` of `units`, asking their owner which, then disrupts the rest.
local function half_eliminate(units, count)
  if count <= 0 or #units <= count then
    for i, u in ipairs(units) do
      if i <= count then game.eliminate(u) else disrupt(u) end
    end
    return
  end
  local labels = {}
  for i, u in ipairs(units) do labels[i] = "eliminate " .. game.id(u) end
  game.choose(game.side(units[1]), "½E: choose a unit to eliminate (" .. count .. " to go)", labels, function(answer)
    local rest = {}
    for i, u in ipairs(units) do
      if i == answer then game.eliminate(u) else rest[#rest + 1] = u end
    end
    half_eliminate(rest, count - 1)
  end)
end

game.on("combat.result", function(ctx)
  local defenders = game.combat().defenders
  if ctx.result == "D" then
    for _, d in ipairs(fighting(defenders)) do disrupt(d) end
  elseif ctx.result == "½E" then
    local units = fighting(defenders)
    half_eliminate(units, (#units + 1) // 2)
  elseif ctx.result == "E" and #defenders > 0 then
    local side = game.side(defenders[1])
    local seen = {}
    for _, d in ipairs(defenders) do
      local hex = game.hex(d)
      if not seen[hex] then
        seen[hex] = true
        for _, u in ipairs(game.units_at(hex)) do
          if game.side(u) == side then game.eliminate(u) end
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
