-- Cady, "Charge / Engage and the 3-DT": a charge needs a three-dice morale
-- test when one side's Total Morale Value (morale x figures) is twice the
-- other's or more. The side that is outweighed tests: a charged unit that
-- fails turns and moves away a third of a move (the charger runs it down);
-- a charger that fails does not charge, and melees a point lower this turn
-- if it is attacked. A unit rolls three dice while it has lost no figures (or
-- its general leads it), two once it has lost some or failed a 3-DT, one
-- once it has had a poor post-melee reaction (back, back and turn); it
-- passes if any die shows its morale or less. A unit ordered to withdraw
-- from an established melee must pass one too, or it stays, a melee point
-- lower for the confusion. Missile Units Being Attacked in Melee: "The
-- missile unit must first take a 3-DT to see if they can choose to fire at
-- midrange or close range ... If they do not pass the 3-DT they fire at
-- midrange with one bonus step. If they pass the 3-DT, and choose close
-- range, they get another bonus step, however if they do, they may not also
-- melee. In such a case the enemy attacks them ... but the missile troops may
-- not fight back." The fire phase's attacked_fire_first lets such a unit fire
-- at its attacker from contact, where the ladder reads the nearest range:
-- read here as mid range and a bonus step; close range and another bonus
-- step is one step more, and its attacker's figures then face no melee from
-- it (they roll no melee die against it). Not used in the Basic Game: a
-- scenario switches the module off.
--[[ params:
  exempt: { type: unit_types, default: [], doc: "unit types that charge without a 3-DT and never flee a charge (the phalanx, berserkers)" }
]]

---@class three_dice_test.params
---@field exempt? string[] unit types that charge without a 3-DT and never flee a charge

---@type three_dice_test.params
local p = params
local exempt = {}
for _, t in ipairs(p.exempt or {}) do exempt[t] = true end

local function tmv(u) return game.attr(u, "morale") * game.figures(u) end

-- Units carrying out a poor reaction this turn are marked shaken for good.
game.on("phase.begin", function()
  for u = 0, game.unit_count() - 1 do
    if game.reaction(u) > 0 then game.set_mark(u, "shaken", 1) end
  end
end, { phase = "movement" })

local function dice_for(u)
  if game.mark(u, "shaken") > 0 then return 1 end
  if game.figures(u) < game.figures_at_start(u) or game.mark(u, "failed_3dt_turn") > 0 then return 2 end
  return 3
end

-- The test itself: true when any of its dice shows its morale or less.
local function passes(u)
  local morale = game.attr(u, "morale")
  local n = dice_for(u)
  local passed = false
  for _ = 1, n do
    if game.roll(6, game.id(u) .. " 3-DT") <= morale then passed = true end
  end
  if passed then
    game.log(game.id(u) .. " passes its 3-DT (" .. n .. (n == 1 and " die" or " dice") .. " against morale " .. morale .. ")")
  else
    game.log(game.id(u) .. " fails its 3-DT (" .. n .. (n == 1 and " die" or " dice") .. " against morale " .. morale .. ")")
    game.set_mark(u, "failed_3dt_turn", game.turn())
  end
  return passed
end

game.on("charge.begin", function(e)
  local charger, target = e.unit, e.target
  local a, d = tmv(charger), tmv(target)
  if a >= 2 * d and not exempt[game.unit(target).type] then
    if not passes(target) then e.target_flees = 1 end
  elseif d >= 2 * a and not exempt[game.unit(charger).type] then
    if not passes(charger) then
      e.cancel = 1
      game.set_mark(charger, "confused_turn", game.turn())
    end
  end
end)

-- Breaking off a melee: a unit in contact ordered to withdraw tests first.
local WITHDRAW = 3
game.on("table.allowance", function(e)
  local u = e.unit
  if e.order ~= WITHDRAW or e.reaction == 1 or #game.in_contact(u) == 0 then return end
  if not passes(u) then
    game.log(game.id(u) .. " cannot break off the melee")
    game.set_mark(u, "confused_turn", game.turn())
    e.thirds = 3
  end
end)

-- A charger that failed melees a point lower if it is attacked this turn;
-- so does a unit that failed to break off.
game.on("melee.point", function(e)
  if game.mark(e.unit, "confused_turn") == game.turn() then e.point = e.point - 1 end
end)

-- Missile troops attacked in melee: the 3-DT when the fire phase begins; one
-- that passes chooses its range (option 1, mid range, keeps it fighting).
local function attacked(u)
  if game.attr(u, "range") <= 0 then return false end
  for _, e in ipairs(game.in_contact(u)) do
    if game.moved_thirds(e) > 0 then return true end
  end
  return false
end

game.on("phase.begin", function()
  for u = 0, game.unit_count() - 1 do
    if game.unit(u).on_map and attacked(u) then
      if passes(u) then
        game.choose(game.side(u), game.id(u) .. " is attacked in melee and passed its 3-DT: fire at",
          { "mid range, one bonus step, and fight the melee", "close range, two bonus steps, and not fight back" },
          function(answer)
            if answer == 2 then game.set_mark(u, "fired_close_turn", game.turn()) end
          end)
      else
        game.log(game.id(u) .. " fires at mid range with one bonus step (3-DT failed)")
      end
    end
  end
end, { phase = "fire" })

game.on("fire.steps", function(e)
  if e.at_attacker == 1 and game.mark(e.firer, "fired_close_turn") == game.turn() then e.step = e.step + 1 end
end)

-- "the enemy attacks them ... but the missile troops may not fight back": no melee die for its attacker.
game.on("melee.point", function(e)
  if game.mark(e.enemy, "fired_close_turn") == game.turn() then e.figures = 0 end
end)
