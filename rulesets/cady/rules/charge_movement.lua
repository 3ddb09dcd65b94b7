-- Cady, Effects on Movement and the charge: a unit loses a third of its move
-- for changing its direction of march more than 45 degrees, and for a change
-- of formation (ranks and files). Units whose morale is under `reform_morale`
-- may not change formation at all, nor may unit types marked fixed_formation:
-- the common rules let morale 2 and up re-form ("Peasants and militia do not
-- change their ranks and files"), the medieval chart only morale 3 and up
-- ("Morale Pt. 1,2 may not change formation"). A charge gains a third, and
-- the charger loses a third on the turn after it, and may not charge again
-- that turn (mark "charged_last_turn", the orders phase's no_charge_mark).
-- Terrain's thirds are the ruleset's `thirds`.
--[[ params:
  turn_limit: { type: int, min: 0, max: 180, default: 45, doc: "degrees a unit may turn its march without losing a third" }
  reform_morale: { type: int, min: 0, max: 6, default: 2, doc: "the lowest morale that may change formation (at a third of its move)" }
]]

---@class charge_movement.params
---@field turn_limit? integer degrees a unit may turn its march without losing a third
---@field reform_morale? integer the lowest morale that may change formation (at a third of its move)

---@type charge_movement.params
local p = params
local TURN = p.turn_limit or 45
local REFORM = p.reform_morale or 2
local CHARGE = 2

-- Units that may not re-form: the orders phase refuses them a change of files.
game.on("game.setup", function()
  for _, t in ipairs(game.unit_types()) do
    if game.type_attr(t, "front", "fixed_formation") or game.type_attr(t, "front", "morale") < REFORM then
      game.set_capability(t, "both", "changes_formation", 0)
    end
  end
end)

-- "On the following move the charging unit may not charge again": the orders phase's no_charge_mark.
game.on("phase.begin", function(ctx)
  if ctx.phase ~= "orders" then return end
  for u = 0, game.unit_count() - 1 do
    local charged = game.mark(u, "charged_turn")
    game.set_mark(u, "charged_last_turn", (charged > 0 and charged == game.turn() - 1) and 1 or 0)
  end
end)

game.on("table.allowance", function(e)
  local u = e.unit
  if e.turn > TURN then e.thirds = e.thirds + 1 end
  if e.reform == 1 then e.thirds = e.thirds + 1 end  -- only units that may re-form get this far
  if e.order == CHARGE then
    e.thirds = e.thirds - 1
    game.set_mark(u, "charged_turn", game.turn())
  end
  local charged = game.mark(u, "charged_turn")
  if charged > 0 and charged == game.turn() - 1 then e.thirds = e.thirds + 1 end
end)
