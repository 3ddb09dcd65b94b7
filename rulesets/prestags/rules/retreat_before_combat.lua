-- PRESTAGS optional rule 17.0, Retreat Before Combat. Off in the ruleset; a
-- scenario turns it on with rules: { retreat_before_combat: { enabled: true } }.
-- When a hex is attacked in melee, its units whose printed Movement
-- Allowance exceeds that of the fastest attacker by three or more may retreat,
-- together, one hex into passable terrain no enemy holds and where they may
-- stack (17.0, 17.1); the slower ones stay and receive the attack (17.5: the
-- melee phases' `hex_defends_as_one`). When the whole hex goes the attack
-- does not take place, and the attackers may advance into the vacated hex
-- and no further (the kernel's advance after a combat that did not take
-- place). Units that retreated, and the units in the hex they retreated to,
-- may not retreat before combat again that phase (17.3; mark
-- "held_for_combat"). Units in contact (18.0) may not break off; disrupted
-- units cannot move. Leaders, as fast as any, go with the units that retreat.
-- params: margin (default 3), melee_phases (default melee, sim_melee).

--[[ params:
  margin:       { type: int, min: 0, max: 20, default: 3, doc: how much faster the defender must be }
  melee_phases: { type: phases, default: [melee, sim_melee], doc: the melee phases it applies in }
]]

local margin = params.margin or 3
local melee_phase = {}
for _, p in ipairs(params.melee_phases or { "melee", "sim_melee" }) do melee_phase[p] = true end

local function printed_ma(u) return game.type_attr(game.unit(u).type, "front", "movement") end

local function is_leader(u) return game.attr(u, "unit_class") == "E" end

-- Where the retreating units may go: an adjacent hex each may enter, no enemy
-- holds, and where they fit in beside the friends there.
local function destinations(units, hex)
  local side = game.side(units[1])
  local counting = 0
  for _, u in ipairs(units) do
    if not is_leader(u) then counting = counting + 1 end
  end
  local out = {}
  for d = 0, 5 do
    local n = game.neighbour(hex, d)
    local ok = n ~= nil
    if ok then
      local friends = 0
      for _, o in ipairs(game.units_at(n)) do
        if game.side(o) ~= side then ok = false
        elseif not is_leader(o) then friends = friends + 1 end
      end
      ok = ok and friends + counting <= game.stacking_limit(side)
      for _, u in ipairs(units) do
        ok = ok and game.step_cost(u, hex, n) ~= nil and game.may_stack(u, n)
      end
    end
    if ok then out[#out + 1] = n end
  end
  return out
end

game.on("phase.end", function(ctx)
  if not melee_phase[ctx.phase] then return end
  for _, u in ipairs(game.marked("held_for_combat")) do game.set_mark(u, "held_for_combat", 0) end
end)

game.on("combat.declared", function(ctx)
  if not melee_phase[game.phase()] or #ctx.attackers == 0 or game.combat().cancelled then return end
  local fastest = 0
  for _, a in ipairs(ctx.attackers) do fastest = math.max(fastest, printed_ma(a)) end
  local seen = {}
  for _, d in ipairs(ctx.defenders) do
    local hex = game.hex(d)
    if not seen[hex] then
      seen[hex] = true
      -- 17.5: each unit by its own allowance; the rest stay.
      local units, staying = {}, 0
      for _, u in ipairs(game.units_at(hex)) do
        if game.side(u) == game.side(d) then
          if printed_ma(u) >= fastest + margin and game.mark(u, "held_for_combat") == 0
             and game.mark(u, "contact") == 0 and not game.is_back(u) then
            units[#units + 1] = u
          else
            staying = staying + 1
          end
        end
      end
      local options = #units > 0 and destinations(units, hex) or {}
      if #options > 0 then
        local labels = { "stand and fight" }
        local who = staying > 0 and (#units .. " of the units in " .. hex) or hex
        for i, to in ipairs(options) do labels[i + 1] = "retreat before combat to " .. to .. (staying > 0 and " (the slower stay)" or "") end
        game.choose(game.side(d), hex .. " is attacked", labels, function(answer)
          if answer == 1 then return end
          local to = options[answer - 1]
          for _, o in ipairs(game.units_at(to)) do game.set_mark(o, "held_for_combat", 1) end
          for _, u in ipairs(units) do
            -- A retreat is not a move forward: the unit keeps its facing (16.0).
            local facing = game.facing(u)
            game.move(u, to)
            if facing ~= nil then game.set_facing(u, facing) end
            game.set_mark(u, "held_for_combat", 1)
            -- 17.3: subject to any attack on their new hex, though their old
            -- one was attacked (the melee_strength module's 7.13 mark).
            game.set_mark(u, "melee_attacked", 0)
          end
          game.log(who .. " retreat before combat to " .. to .. " (17.0)")
        end)
      end
    end
  end
end)
