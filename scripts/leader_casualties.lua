-- Leader casualties, a reusable rule module.
-- A leader shares the fate of the men he stands with: when a combat's result
-- is one of `attacker_results`, every leader of the attacking side standing
-- in the hex of an attacking unit that is not itself a leader is in danger;
-- the same for `defender_results` and the defenders. For each leader in
-- danger (in the order the combat lists his units' hexes) a die of `die`
-- faces is rolled: on one of `killed_on` he is lost, on one of `wounded_on`
-- he is wounded. A wound adds one to his mark `wound_mark`, which other
-- modules may read (PRESTAGS's grades_lost lowers a leader's grade, for
-- instance); with `wound_flips` he is also turned to his back face when his
-- counter has one; with `wounds_to_kill` above 0 a leader who has taken that
-- many wounds dies of them. Leaders are recognised by `leader_attribute`
-- (and `leader_values`, for an attribute that is not a number or a bool).
-- It acts when the result is known (combat.result), before losses and
-- retreats are taken: list it after any module that changes the result, and
-- after a module that applies the results itself (PRESTAGS's `results`).
-- Neither BMW nor PRESTAGS uses it: BMW's standard rules have no such rule
-- (its leaders are lost only when alone, 10.4, in its `leaders` module), and
-- PRESTAGS's Leader Reduction (10.3), a certain loss of one grade on a D or
-- ½E in melee, is part of its `results` module.

--[[ params:
  leader_attribute: { type: attribute, default: leader, doc: the attribute that marks leaders }
  leader_values:    { type: text_list, default: [], doc: "the values of leader_attribute that make a leader (for an enum: its words); empty: any value but 0 or false" }
  attacker_results: { type: text_list, default: [], doc: combat results that put the leaders with the attacking units in danger }
  defender_results: { type: text_list, default: [], doc: combat results that put the leaders with the defending units in danger }
  die:              { type: int, min: 2, max: 100, default: 6, doc: faces of the die rolled for each leader in danger }
  killed_on:        { type: int_list, min: 1, max: 100, default: [1], doc: the rolls on which the leader is lost }
  wounded_on:       { type: int_list, min: 1, max: 100, default: [2], doc: the rolls on which the leader is wounded }
  wound_mark:       { type: text, default: wounded, doc: the mark a wound adds one to }
  wound_flips:      { type: bool, default: false, doc: a wounded leader is turned to his back face (when his counter has one) }
  wounds_to_kill:   { type: int, min: 0, max: 9, default: 2, doc: "a leader who has taken this many wounds dies of them; 0: wounds never kill" }
  phases:           { type: phases, default: [], doc: "the phases whose combats put leaders in danger; empty: every combat" }
]]

---@class leader_casualties.params
---@field leader_attribute? string the attribute that marks leaders (default "leader")
---@field leader_values? string[] the values of leader_attribute that make a leader; empty: any but 0 or false (default {})
---@field attacker_results? string[] combat results that put the leaders with the attacking units in danger (default {})
---@field defender_results? string[] combat results that put the leaders with the defending units in danger (default {})
---@field die? integer faces of the die rolled for each leader in danger, 2-100 (default 6)
---@field killed_on? integer[] the rolls on which the leader is lost (default { 1 })
---@field wounded_on? integer[] the rolls on which the leader is wounded (default { 2 })
---@field wound_mark? string the mark a wound adds one to (default "wounded")
---@field wound_flips? boolean a wounded leader is turned to his back face (default false)
---@field wounds_to_kill? integer a leader who has taken this many wounds dies of them; 0: never, 0-9 (default 2)
---@field phases? string[] the phases whose combats put leaders in danger; empty: every combat (default {})

---@type leader_casualties.params
local p = params

local function set_of(list)
  local set = {}
  for _, v in ipairs(list or {}) do set[v] = true end
  return set
end

local leader_attribute = p.leader_attribute or "leader"
local leader_value = set_of(p.leader_values)
local any_leader_value = #(p.leader_values or {}) == 0
local attacker_result = set_of(p.attacker_results)
local defender_result = set_of(p.defender_results)
local die = p.die or 6
local killed_on = set_of(p.killed_on or { 1 })
local wounded_on = set_of(p.wounded_on or { 2 })
local wound_mark = p.wound_mark or "wounded"
local wound_flips = p.wound_flips == true
local wounds_to_kill = p.wounds_to_kill or 2
local phase_listed = set_of(p.phases)
local every_phase = #(p.phases or {}) == 0

-- A side's leaders on the map, as a set. Without listed values the kernel's
-- own test (not 0, not false) picks them, as the unit_has filter would.
local function leaders_of(side)
  local set = {}
  if any_leader_value then
    for _, u in ipairs(game.units_with(side, leader_attribute)) do set[u] = true end
  else
    for _, u in ipairs(game.units_of(side)) do
      if leader_value[tostring(game.attr(u, leader_attribute))] then set[u] = true end
    end
  end
  return set
end

-- The leaders standing with `units` (one side's combatants), in the order of
-- their hexes: leaders fighting alone are not "with" anyone.
local function in_danger(units)
  if #units == 0 then return {} end
  local side = game.side(units[1])
  local leader = leaders_of(side)
  local out, hex_seen, taken = {}, {}, {}
  for _, u in ipairs(units) do
    local hex = game.hex(u)
    if not leader[u] and not hex_seen[hex] then
      hex_seen[hex] = true
      for _, o in ipairs(game.units_at(hex)) do
        if leader[o] and not taken[o] then
          taken[o] = true
          out[#out + 1] = o
        end
      end
    end
  end
  return out
end

local function wound(l)
  local wounds = game.mark(l, wound_mark) + 1
  game.set_mark(l, wound_mark, wounds)
  if wound_flips then game.flip(l, true) end
  if wounds_to_kill > 0 and wounds >= wounds_to_kill then
    game.log(game.id(l) .. " is wounded and dies of his wounds")
    game.eliminate(l)
    return
  end
  game.log(game.id(l) .. " is wounded")
end

local function endanger(units)
  for _, l in ipairs(in_danger(units)) do
    local roll = game.roll(die, "is " .. game.id(l) .. " struck down?")
    if killed_on[roll] then
      game.log(game.id(l) .. " falls with his men")
      game.eliminate(l)
    elseif wounded_on[roll] then
      wound(l)
    end
  end
end

game.on("combat.result", function(ctx)
  if not every_phase and not phase_listed[game.phase()] then return end
  local combat = game.combat()
  if attacker_result[ctx.result] then endanger(combat.attackers) end
  if defender_result[ctx.result] then endanger(combat.defenders) end
end)
