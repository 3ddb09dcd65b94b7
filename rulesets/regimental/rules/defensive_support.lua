-- Regimental stand rules 3.5.2: support when defending. A stand attacked
-- calls in the fire support companies of its own regiment within their range
-- (all the stands of the combat within 2 hexes of its HQ); an H or D stand
-- also up to two divisional batteries in range with a shot left, each
-- spending one (5.0). Their dice join the defence; they take no losses and
-- do not fall back. An M stand has its own hex and its fire support only.
-- A regiment without its HQ calls in nothing (6.0).
--[[ params:
  guns: { type: int, default: 2, doc: divisional batteries a defence may call in (3.5.2) }
]]

---@class defensive_support.params
---@field guns? integer divisional batteries a defence may call in (default 2)

---@type defensive_support.params
local p = params
local GUNS = p.guns or 2

local function on_map(u) return game.unit(u).on_map end

-- The command module marks each unit with its HQ's handle + 1.
local function hq_of(f)
  local m = game.mark(game.formation_units(f)[1], "hq_handle")
  return m > 0 and m - 1 or nil
end

local function contains(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

local function dice(u) return math.min(game.attr(u, "bs"), game.strength_points(u)) end

game.on("combat.strengths", function(ctx)
  if ctx.close_combat == nil or ctx.defend == 0 then return end  -- not a dice pool, or a defence that does not fight back
  local c = game.combat()
  local target = c.defenders[1]
  local f = target and game.formation(target)
  if not f then return end
  local hq = hq_of(f)
  if not hq or not on_map(hq) or game.mark(target, "no_hq") ~= 0 then return end
  local hex = game.hex(target)
  local added = 0
  local called = {}
  for _, u in ipairs(game.formation_units(f)) do
    if on_map(u) and not contains(c.defenders, u) and game.attr(u, "company") == "fire_support"
        and game.distance(game.hex(u), hex) <= game.attr(u, "range")
        and game.distance(game.hex(u), game.hex(hq)) <= 2 and game.distance(hex, game.hex(hq)) <= 2 then
      added = added + dice(u)
      called[#called + 1] = game.unit(u).id .. " " .. dice(u) .. "D"
    end
  end
  local order = game.order(f)
  if order == "H" or order == "D" then
    local guns = 0
    for _, u in ipairs(game.units_of(game.side(target))) do
      if guns < GUNS and game.attr(u, "artillery") and game.formation(u) == nil and game.mark(u, "shots") > 0
          and game.distance(game.hex(u), hex) <= game.attr(u, "range") then
        added = added + dice(u)
        called[#called + 1] = game.unit(u).id .. " " .. dice(u) .. "D"
        game.set_mark(u, "shots", game.mark(u, "shots") - 1)
        guns = guns + 1
      end
    end
  end
  if added > 0 then game.log("the defence calls in support (3.5.2): " .. table.concat(called, ", ")) end
  ctx.defend = ctx.defend + added
end)
