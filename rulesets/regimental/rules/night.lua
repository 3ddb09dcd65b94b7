-- Regimental stand rules 8.0: the night. Each side gets `sp_per_regiment`
-- strength points and `support_per_regiment` support points for each of
-- its regiments on the map (average supply: 2 and 1), pooled. The text lets
-- the commander hand them out; this module does it for him, in a fixed order
-- a designer can read and change: strength points first to the most worn
-- stands within command radius of their HQ (point for point), then to lost
-- core stands, brought back next to a stand of their regiment not in an
-- enemy zone; support points bring back lost support companies the same
-- way (1 point each). First, every HQ still lost comes back overnight, next
-- to a stand of its regiment not in an enemy zone (6.0 promises it for an HQ
-- lost on the day's last round; an earlier one would have come back already
-- unless no such hex was free).
--[[ params:
  sp_per_regiment: { type: int, default: 2, doc: strength points per regiment each night (average supply) }
  support_per_regiment: { type: int, default: 1, doc: support points per regiment each night (average supply) }
]]

---@class night.params
---@field sp_per_regiment? integer strength points per regiment each night (default 2)
---@field support_per_regiment? integer support points per regiment each night (default 1)

---@type night.params
local p = params
local SP = p.sp_per_regiment or 2
local SUPPORT = p.support_per_regiment or 1

local function on_map(u) return game.unit(u).on_map end

-- The command module marks each unit with its HQ's handle + 1.
local function hq_of(f)
  local m = game.mark(game.formation_units(f)[1], "hq_handle")
  return m > 0 and m - 1 or nil
end

local function near_hq(u)
  local hq = hq_of(game.formation(u))
  return hq and on_map(hq) and game.distance(game.hex(u), game.hex(hq)) <= 2
end

-- A free hex next to a stand of the formation, not in an enemy zone.
local function place_near(f, unit)
  local side = game.side(unit)
  for _, u in ipairs(game.formation_units(f)) do
    if u ~= unit and on_map(u) then
      for d = 0, 5 do
        local h = game.neighbour(game.hex(u), d)
        if h and #game.units_at(h) == 0 and not game.in_enemy_zoc(side, h) and game.step_cost(unit, game.hex(u), h) then return h end
      end
    end
  end
end

local function regiment_alive(f)
  local hq = hq_of(f)
  if hq and game.mark(hq, "regiment_removed") ~= 0 then return false end
  for _, u in ipairs(game.formation_units(f)) do
    if on_map(u) then return true end
  end
  return false
end

local function supply(side)
  local regiments = {}
  for _, f in ipairs(game.formations(side)) do
    if regiment_alive(f) then regiments[#regiments + 1] = f end
  end
  local sp, support = SP * #regiments, SUPPORT * #regiments
  -- 6.0: lost HQs return first.
  for _, f in ipairs(regiments) do
    local hq = hq_of(f)
    if hq and not on_map(hq) then
      local h = place_near(f, hq)
      if h then
        game.restore(hq, h)
        game.set_mark(hq, "hq_lost", 0)
        for _, u in ipairs(game.formation_units(f)) do game.set_mark(u, "no_hq", 0) end
      end
    end
  end
  -- Strength points to worn stands in command radius, most worn first (unit order breaks ties).
  local worn = {}
  for _, f in ipairs(regiments) do
    for _, u in ipairs(game.formation_units(f)) do
      if on_map(u) and game.hits(u) > 0 and near_hq(u) then worn[#worn + 1] = u end
    end
  end
  table.sort(worn, function(a, b)
    if game.hits(a) ~= game.hits(b) then return game.hits(a) > game.hits(b) end
    return a < b
  end)
  for _, u in ipairs(worn) do
    local given = math.min(sp, game.hits(u))
    if given > 0 then
      game.set_hits(u, game.hits(u) - given)
      sp = sp - given
    end
  end
  -- Lost stands: core stands with strength points, companies with support points.
  for _, f in ipairs(regiments) do
    for _, u in ipairs(game.formation_units(f)) do
      if not on_map(u) and not game.attr(u, "hq") then
        local cost = game.attr(u, "core") and math.min(sp, game.attr(u, "sp")) or math.min(support, 1)
        local h = cost > 0 and place_near(f, u) or nil
        if h then
          if game.attr(u, "core") then
            game.restore(u, h, game.attr(u, "sp") - cost)
            sp = sp - cost
          else
            game.restore(u, h)
            support = support - 1
          end
        end
      end
    end
  end
  game.log(game.side_name(side) .. ": night supply for " .. #regiments .. " regiments; " .. sp .. " strength and " .. support .. " support points unused")
end

game.on("phase.begin", function()
  for side = 0, game.side_count() - 1 do supply(side) end
end, { phase = "night_supply" })
