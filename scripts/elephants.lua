-- War elephants, a reusable rule module.
-- Units of the types in `unit_types` are elephants.
--   * Rampage: when an elephant retreats as a combat result, roll a die; on
--     `rampage_on` or less it rampages: a second die picks one of the six
--     directions, and it charges up to `rampage_hexes` hexes that way. Every
--     unit in the first occupied hex it reaches, friend or foe, is disordered
--     (one already disordered is eliminated; a single-faced unit, such as a
--     leader, is unharmed); the rampage ends in the hex before the first
--     occupied hex, prohibited terrain or the map's edge, where the elephant
--     is disordered. An elephant that would charge off the map is lost.
--   * Panic of horses: when a combat phase begins, every cavalry unit (the
--     ruleset's bool attribute `cavalry_attribute`) of a side other than an
--     elephant's within `panic_radius` hexes of an elephant on its front
--     face rolls a die: on `cavalry_panic_on` or less it is disordered.
--
--[[ params:
  unit_types:        { type: unit_types, default: [elephants], doc: the unit types that are elephants }
  rampage_on:        { type: int, min: 0, max: 6, default: 3, doc: a d6 roll at or under which a retreating elephant rampages }
  rampage_hexes:     { type: int, min: 1, max: 10, default: 3, doc: how far a rampage runs }
  panic_radius:      { type: int, min: 0, max: 5, default: 1, doc: how near (hexes) enemy cavalry must be to panic }
  cavalry_panic_on:  { type: int, min: 0, max: 6, default: 2, doc: a d6 roll at or under which such cavalry is disordered }
  cavalry_attribute: { type: attribute, default: cavalry, doc: the bool attribute that marks cavalry }
  combat_phase:      { type: phase, default: combat, doc: the phase whose start makes horses panic }
]]

---@class elephants.params
---@field unit_types? string[] the unit types that are elephants (default { "elephants" })
---@field rampage_on? integer a d6 roll at or under which a retreating elephant rampages, 0-6 (default 3)
---@field rampage_hexes? integer how far a rampage runs, 1-10 (default 3)
---@field panic_radius? integer how near enemy cavalry must be to panic, 0-5 hexes (default 1)
---@field cavalry_panic_on? integer a d6 roll at or under which such cavalry is disordered, 0-6 (default 2)
---@field cavalry_attribute? string the bool attribute that marks cavalry (default "cavalry")
---@field combat_phase? string the phase whose start makes horses panic (default "combat")

---@type elephants.params
local p = params
local types = {}
for _, t in ipairs(p.unit_types or { "elephants" }) do types[t] = true end
local rampage_on = p.rampage_on or 3
local rampage_hexes = p.rampage_hexes or 3
local panic_radius = p.panic_radius or 1
local cavalry_panic_on = p.cavalry_panic_on or 2
local cavalry = p.cavalry_attribute or "cavalry"
local combat_phase = p.combat_phase or "combat"

local function is_elephant(u) return types[game.unit(u).type] == true end

local function trample(hex)
  for _, o in ipairs(game.units_at(hex)) do
    if game.is_back(o) then
      game.log(game.id(o) .. " is trampled to pieces")
      game.eliminate(o)
    else
      game.disorder(o)
    end
  end
end

local function rampage(u)
  local direction = game.roll(6, "rampage direction") - 1
  local at = game.hex(u)
  local start = at
  for _ = 1, rampage_hexes do
    local n = game.neighbour(at, direction)
    if n == nil then
      game.log(game.id(u) .. " rampages off the map and is lost")
      game.eliminate(u)
      return
    end
    if game.step_cost(u, at, n) == nil then break end
    if #game.units_at(n) > 0 then
      trample(n)
      break
    end
    at = n
  end
  if at ~= start then game.move(u, at) end
  game.disorder(u)
  game.log(game.id(u) .. " rampages from " .. start .. " to " .. at)
end

game.on("unit.retreated", function(ctx)
  local u = ctx.unit
  if not is_elephant(u) or not game.unit(u).on_map then return end
  if game.roll(6, "rampage") <= rampage_on then rampage(u) end
end)

game.on("phase.begin", function(ctx)
  if cavalry_panic_on <= 0 then return end
  local elephants = {}
  for side = 0, game.side_count() - 1 do
    for _, u in ipairs(game.units_of(side)) do
      if is_elephant(u) and not game.is_back(u) then elephants[#elephants + 1] = u end
    end
  end
  if #elephants == 0 then return end
  for side = 0, game.side_count() - 1 do
    for _, horse in ipairs(game.units_with(side, cavalry)) do
      if not game.is_back(horse) then
        for _, e in ipairs(elephants) do
          if game.side(e) ~= side and game.distance(game.hex(e), game.hex(horse)) <= panic_radius then
            if game.roll(6, "horses panic at the elephants") <= cavalry_panic_on then
              game.log(game.id(horse) .. "'s horses panic at the elephants")
              game.disorder(horse)
            end
            break
          end
        end
      end
    end
  end
end, { phase = combat_phase })
