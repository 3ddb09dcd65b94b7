-- PRESTAGS optional rule 18.0, Contact. Off in the ruleset; a scenario turns
-- it on with rules: { contact: { enabled: true } }.
-- A melee that eliminates, half-eliminates or disrupts neither side (a "-")
-- leaves its attackers and defenders in contact (18.1): they carry the mark
-- "contact", whose value names the engagement (one more than the lowest unit
-- handle in it). Units in contact may not leave their hex, nor turn, until
-- the engagement is decided (18.2: the movement phase's barred_mark). Units
-- joining an attack with units in contact join the engagement (18.3).
-- Contact ends for the whole engagement when one side of it is eliminated,
-- half-eliminated or disrupted by any combat, fire included (18.5).
-- params: melee_phases (phase ids of melee, default melee, sim_melee).

local melee_phase = {}
--[[ params:
  melee_phases: { type: phases, default: [melee, sim_melee], doc: the melee phases contact applies to }
]]

for _, p in ipairs(params.melee_phases or { "melee", "sim_melee" }) do melee_phase[p] = true end

local decisive = { D = true, ["½E"] = true, E = true }

-- The defending hexes' units of the defending side: a hex defends as one (5.41).
local function engaged(ctx)
  local c = game.combat()
  local out, seen = {}, {}
  for _, a in ipairs(c.attackers) do out[#out + 1] = a end
  for _, d in ipairs(c.defenders) do
    local hex = game.hex(d)
    if not seen[hex] then
      seen[hex] = true
      for _, u in ipairs(game.units_at(hex)) do
        if game.side(u) == game.side(d) then out[#out + 1] = u end
      end
    end
  end
  return out
end

local function end_engagement(id)
  for _, u in ipairs(game.marked("contact")) do
    if game.mark(u, "contact") == id then game.set_mark(u, "contact", 0) end
  end
end

game.on("combat.result", function(ctx)
  local units = engaged(ctx)
  if decisive[ctx.result] then
    -- The result falls on the defenders: their engagements are decided (18.5).
    local c = game.combat()
    local defending = #c.defenders > 0 and game.side(c.defenders[1]) or nil
    local ended = {}
    for _, u in ipairs(units) do
      local id = game.mark(u, "contact")
      if game.side(u) == defending and id ~= 0 and not ended[id] then
        ended[id] = true
        end_engagement(id)
        game.log("the engagement is decided: contact ends (18.5)")
      end
    end
    return
  end
  if ctx.result ~= "-" or not melee_phase[game.phase()] or #game.combat().attackers == 0 then return end
  -- One engagement: the lowest handle among the units, and any engagement they were in.
  local id = math.huge
  for _, u in ipairs(units) do id = math.min(id, u + 1) end
  local merged = {}
  for _, u in ipairs(units) do
    local old = game.mark(u, "contact")
    if old ~= 0 then merged[old] = true end
  end
  for _, u in ipairs(game.marked("contact")) do
    if merged[game.mark(u, "contact")] then game.set_mark(u, "contact", id) end
  end
  for _, u in ipairs(units) do game.set_mark(u, "contact", id) end
  game.log("no decision: the units stay in contact (18.1)")
end)
