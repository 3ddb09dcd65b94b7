-- Cady, War Elephants: an elephant takes six hits from missiles and melee
-- before it rampages (two for a ballista bolt); a direct hit from a catapult
-- removes it. When it rampages roll two dice: 2-9 it goes 6 cm forward,
-- trampling up to six figures in its path; 10-11 6 cm back, trampling what is
-- behind it, friend or foe; 12 it crushes everything within 6 cm and dies.
-- A rampage ends the elephant. Elephants do not charge (their charges are
-- held), and horses fear them: cavalry within 10 cm of one must move away
-- from it the next turn.
-- An elephant's crew "may fire twice each turn (fire/load/fire) regardless
-- of how far the elephant has moved".
--[[ params:
  unit_types: { type: unit_types, doc: "the elephants" }
  hits_to_rampage: { type: int, min: 1, max: 20, default: 6, doc: "hits an elephant takes before it rampages" }
  removed_by: { type: text_list, default: [catapult_stone], doc: "shots whose direct hit (the elephant under the cross-hairs) removes it" }
]]

---@class war_elephants.params
---@field unit_types string[] the elephants
---@field hits_to_rampage? integer hits an elephant takes before it rampages
---@field removed_by? string[] shots whose direct hit (the elephant under the cross-hairs) removes it

---@type war_elephants.params
local p = params
local types = {}
for _, t in ipairs(p.unit_types or {}) do types[t] = true end
local LIMIT = p.hits_to_rampage or 6
local removing = {}
for _, shot in ipairs(p.removed_by or { "catapult_stone" }) do removing[shot] = true end

local function struck_by_remover(direct)
  for shot in string.gmatch(direct or "", "[^,]+") do
    if removing[shot] then return true end
  end
  return false
end

local function elephant(u) return types[game.unit(u).type] end

local function trample(x, y, cm, limit, except)
  local left = limit
  for _, v in ipairs(game.units_near(x, y, cm)) do
    if v ~= except and left > 0 then
      local n = math.min(left, game.figures(v))
      left = left - n
      game.lose_figures(v, n, "trampled")
    end
  end
end

local function rampage(u)
  local roll = game.roll(6, game.id(u) .. " rampage") + game.roll(6, game.id(u) .. " rampage")
  local x, y, facing = game.position(u)
  if roll <= 9 then
    game.log(game.id(u) .. " rampages forward")
    game.shift(u, facing, 6)
    x, y = game.position(u)
    trample(x, y, 1, 6, u)
  elseif roll <= 11 then
    game.log(game.id(u) .. " rampages back")
    game.shift(u, facing + 180, 6)
    x, y = game.position(u)
    trample(x, y, 3, 6, u)
  else
    game.log(game.id(u) .. " crushes everything around it and dies")
    trample(x, y, 6, 1000, u)
  end
  game.set_mark(u, "rampaged", 1)
  game.eliminate(u)
end

game.on("figures.lost", function(e)
  local u = e.unit
  if not elephant(u) or game.mark(u, "rampaged") > 0 then return end
  -- "With a direct hit from a catapult the elephant is removed immediately."
  if e.cause == "artillery" and struck_by_remover(e.direct) then
    game.log(game.id(u) .. " takes a direct hit and is removed")
    e.count = game.figures(u)
    return
  end
  -- A ballista bolt counts two hits (the only artillery of this pack that
  -- strikes by line); a catapult's stone off the cross-hairs counts two as well here.
  local hits = e.count * (e.cause == "artillery" and 2 or 1)
  game.set_mark(u, "wounds", game.mark(u, "wounds") + hits)
  e.count = 0
  game.log(game.id(u) .. " has " .. game.mark(u, "wounds") .. " hits of " .. LIMIT)
  if game.mark(u, "wounds") >= LIMIT then rampage(u) end
end)

game.on("game.setup", function()
  for t in pairs(types) do game.set_capability(t, "both", "volleys_when_moved", 2) end
end)

game.on("charge.begin", function(e)
  if elephant(e.unit) then e.cancel = 1 end
end)

-- "If a war elephant gets within 10 cm of any cavalry unit that cavalry unit
-- MUST move away from the elephant in the next turn": when the moves are
-- done, each cavalry unit that close carries the mark shies_from (the
-- elephant's handle + 1), which the orders phase's away_from_mark reads.
local CAVALRY = { light_cavalry = true, medium_cavalry = true, heavy_cavalry = true }

local function cavalry(v) return CAVALRY[game.attr(v, "body")] and not elephant(v) end

game.on("phase.end", function()
  for u = 0, game.unit_count() - 1 do
    if game.mark(u, "shies_from") ~= 0 then game.set_mark(u, "shies_from", 0) end
  end
  for u = 0, game.unit_count() - 1 do
    if game.unit(u).on_map and elephant(u) then
      for side = 0, game.side_count() - 1 do
        if side ~= game.side(u) then
          for _, v in ipairs(game.units_of(side)) do
            if cavalry(v) and game.distance_cm(u, v) <= 10 then
              game.set_mark(v, "shies_from", u + 1)
              game.log(game.id(v) .. " shies away from " .. game.id(u) .. ": it must move away next turn")
            end
          end
        end
      end
    end
  end
end, { phase = "movement" })
