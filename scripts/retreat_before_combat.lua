-- Retreat before combat by speed, a reusable rule module (PRESTAGS optional
-- rule 17.0 style).
-- When a hex is attacked in one of `melee_phases`, those of its units whose
-- printed (front) `movement_attribute` exceeds that of the fastest attacker
-- by `margin` or more may retreat, together, one hex into terrain they may
-- enter, where no enemy stands and where they may stack; the slower ones stay
-- and receive the attack (each unit is judged by its own allowance). Units
-- that do not count for stacking (capability `stacks_freely`, leaders) are
-- left out of the stacking count, and go with the others when fast enough.
-- The defending player is asked (stand and fight, or one option per hex).
-- When the whole hex goes the attack does not take place, and the attackers
-- may advance into the vacated hex and no further (the kernel's advance after
-- a combat that did not take place). Units that retreated, and the units in
-- the hex they retreated to, may not retreat before combat again that phase
-- (mark "held_for_combat"). Units carrying one of `barred_marks` may not go;
-- nor may units on their back face unless `disordered_may_retreat`. The
-- retreating units keep their facing, and lose the `cleared_marks` (marks of
-- other modules that belong to the hex they left).

--[[ params:
  margin:             { type: int, min: 0, max: 20, default: 3, doc: how much faster than the fastest attacker a defending unit must be }
  movement_attribute: { type: attribute, default: movement, doc: the attribute whose printed (front) values are compared }
  melee_phases:       { type: phases, default: [], doc: "the phases it applies in; empty: every combat" }
  barred_marks:       { type: text_list, default: [], doc: "marks that keep a unit from retreating before combat (units in contact, say)" }
  disordered_may_retreat: { type: bool, default: false, doc: units on their back face may retreat before combat too }
  cleared_marks:      { type: text_list, default: [], doc: marks taken off the units that retreat before combat }
  attackable_after:   { type: bool, default: false, doc: "units that retreated before combat may be attacked in their new hex that phase (PRESTAGS 17.3)" }
]]

---@class retreat_before_combat.params
---@field margin? integer how much faster than the fastest attacker a defending unit must be, 0-20 (default 3)
---@field movement_attribute? string the attribute whose printed (front) values are compared (default "movement")
---@field melee_phases? string[] the phases it applies in; empty: every combat (default {})
---@field barred_marks? string[] marks that keep a unit from retreating before combat (default {})
---@field disordered_may_retreat? boolean units on their back face may retreat before combat too (default false)
---@field cleared_marks? string[] marks taken off the units that retreat before combat (default {})
---@field attackable_after? boolean units that retreated before combat may be attacked in their new hex that phase (default false)

---@type retreat_before_combat.params
local p = params
local margin = p.margin or 3
local movement_attribute = p.movement_attribute or "movement"
local melee_phase = {}
for _, ph in ipairs(p.melee_phases or {}) do melee_phase[ph] = true end
local every_phase = #(p.melee_phases or {}) == 0
local barred_marks = p.barred_marks or {}
local disordered_may_retreat = p.disordered_may_retreat == true
local cleared_marks = p.cleared_marks or {}
local attackable_after = p.attackable_after == true

local function applies(phase) return every_phase or melee_phase[phase] == true end

local function printed_ma(u) return game.type_attr(game.unit(u).type, "front", movement_attribute) end

local function counts_for_stacking(u) return game.capability(u, "stacks_freely") == 0 end

local function barred(u)
  for _, m in ipairs(barred_marks) do
    if game.mark(u, m) ~= 0 then return true end
  end
  return false
end

-- Where the retreating units may go: an adjacent hex each may enter, no enemy
-- holds, and where they fit in beside the friends there.
local function destinations(units, hex)
  local side = game.side(units[1])
  local counting = 0
  for _, u in ipairs(units) do
    if counts_for_stacking(u) then counting = counting + 1 end
  end
  local out = {}
  for d = 0, 5 do
    local n = game.neighbour(hex, d)
    local ok = n ~= nil
    if ok then
      local friends = 0
      for _, o in ipairs(game.units_at(n)) do
        if game.side(o) ~= side then ok = false
        elseif counts_for_stacking(o) then friends = friends + 1 end
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
  if not applies(ctx.phase) then return end
  for _, u in ipairs(game.marked("held_for_combat")) do game.set_mark(u, "held_for_combat", 0) end
end)

game.on("combat.declared", function(ctx)
  if not applies(game.phase()) or #ctx.attackers == 0 or game.combat().cancelled then return end
  local fastest = 0
  for _, a in ipairs(ctx.attackers) do fastest = math.max(fastest, printed_ma(a)) end
  local seen = {}
  for _, d in ipairs(ctx.defenders) do
    local hex = game.hex(d)
    if not seen[hex] then
      seen[hex] = true
      -- Each unit by its own allowance; the rest stay.
      local units, staying = {}, 0
      for _, u in ipairs(game.units_at(hex)) do
        if game.side(u) == game.side(d) then
          if printed_ma(u) >= fastest + margin and game.mark(u, "held_for_combat") == 0
             and not barred(u) and (disordered_may_retreat or not game.is_back(u)) then
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
            -- A retreat is not a move forward: the unit keeps its facing.
            local facing = game.facing(u)
            game.move(u, to)
            if facing ~= nil then game.set_facing(u, facing) end
            game.set_mark(u, "held_for_combat", 1)
            -- Marks of the hex it left (PRESTAGS 17.3: an attack on the new
            -- hex may still come, though the old one was attacked).
            for _, m in ipairs(cleared_marks) do game.set_mark(u, m, 0) end
            if attackable_after then game.clear_attacked(u) end
          end
          game.log(who .. " retreat before combat to " .. to)
        end)
      end
    end
  end
end)
