-- Cady, the Greek Hoplite Phalanx: hoplites two ranks deep or more are a
-- phalanx. With their long spears the second rank strikes too (each of its
-- figures makes a front enemy roll once more to survive) and counts shock;
-- cavalry charging its front counts two shocks fewer; missile fire from its
-- front drops a step. After a melee the side that lost more figures that
-- turn is pushed back 3 cm (not war elephants; cavalry only when the phalanx
-- outweighs its Total Morale Value by a third or more). A phalanx charges
-- without a 3-DT (three_dice_test's `exempt`). "While in a formation it may
-- not wheel, turn corners, or move right or left": it marches and charges
-- only straight ahead (within `straight_within` degrees of its facing, as a
-- drawn order is rarely exact) and withdraws straight back, facing kept.
--[[ params:
  unit_types: { type: unit_types, doc: "the hoplites" }
  push_back: { type: int, min: 0, max: 30, default: 3, doc: "cm the side that lost more is pushed back" }
  straight_within: { type: int, min: 0, max: 45, default: 5, doc: "degrees off its facing a phalanx's march still counts as straight" }
]]

---@class phalanx.params
---@field unit_types string[] the hoplites
---@field push_back? integer cm the side that lost more is pushed back
---@field straight_within? integer degrees off its facing a phalanx's march still counts as straight

---@type phalanx.params
local p = params
local types = {}
for _, t in ipairs(p.unit_types or {}) do types[t] = true end
local PUSH = p.push_back or 3
local STRAIGHT = p.straight_within or 5

local function phalanx(u) return types[game.unit(u).type] and game.ranks(u) >= 2 end

-- The enemy in front of a phalanx rolls one more survival die for each
-- spear of its second rank (as a secondary attack: the phalanx risks nothing more).
game.on("melee.point", function(e)
  local p = e.enemy
  if phalanx(p) and game.aspect(p, e.unit) == 0 then
    e.figures = e.figures + game.rank_figures(p, 2)
  end
end)

game.on("shock.dice", function(e)
  if phalanx(e.attacker) then
    e.dice = e.dice + game.rank_figures(e.attacker, 2) * game.attr(e.attacker, "shock")
  end
  if phalanx(e.defender) and game.attr(e.attacker, "mounted") and game.aspect(e.defender, e.attacker) == 0 then
    e.dice = math.max(0, e.dice - 2 * e.figures)
  end
end)

game.on("fire.steps", function(e)
  if phalanx(e.target) and game.aspect(e.target, e.firer) == 0 then e.step = e.step - 1 end
end)

local function tmv(u) return game.attr(u, "morale") * game.figures(u) end

game.on("phase.end", function()
  for u = 0, game.unit_count() - 1 do
    if game.unit(u).on_map and phalanx(u) then
      for _, enemy in ipairs(game.in_contact(u)) do
        local mine, theirs = game.figures_lost(u), game.figures_lost(enemy)
        local pushable = game.unit(enemy).type ~= "war_elephant" and
          (not game.attr(enemy, "mounted") or tmv(u) * 3 >= tmv(enemy) * 4)
        if theirs > mine and pushable then
          local _, _, facing = game.position(enemy)
          game.shift(enemy, facing + 180, PUSH)
          game.log(game.id(u) .. " pushes " .. game.id(enemy) .. " back " .. PUSH .. " cm")
        elseif mine > theirs and not phalanx(enemy) then
          local _, _, facing = game.position(u)
          game.shift(u, facing + 180, PUSH)
          game.log(game.id(enemy) .. " pushes " .. game.id(u) .. " back " .. PUSH .. " cm")
        end
      end
    end
  end
end, { phase = "melee" })

-- Degrees between two bearings, 0-180.
local function off(a, b)
  local d = math.abs(a - b) % 360
  return d > 180 and 360 - d or d
end

game.on("order.check", function(e)
  if e.mode == 0 or game.ranks(e.unit) < 2 then return end  -- holding: turning in place is no march
  local _, _, facing = game.position(e.unit)
  local straight = e.mode == 3 and (facing + 180) % 360 or facing  -- a withdrawal backs away
  local turns_at_end = e.facing >= 0 and off(e.facing, e.mode == 3 and facing or e.bearing) > STRAIGHT
  if off(e.bearing, straight) > STRAIGHT or turns_at_end then e.refused = 1 end
end, { unit_types = p.unit_types or {} })
