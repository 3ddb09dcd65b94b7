-- Cavalry charges (BMW 9.6 style), a reusable rule module.
-- Units whose `charger` attribute is true have a strong slow front and a
-- weaker fast back. At the start of its movement phase a charger not in an
-- enemy zone of control may change sides. A charger on its fast side that ends
-- its move next to an enemy, having entered only terrain that allows charges,
-- crossed no hexside feature and not disengaged, may charge: it flips to its strong side. Defenders
-- it attacks may not retreat before combat (the light-troops module checks the
-- "charging" mark); if the defender's hex is vacated a charger must advance
-- (params.mandatory_advance); chargers flip back to the fast side after combat.
--
--[[ params:
  mandatory_advance: { type: bool, default: true, doc: a charger must advance into a vacated defender's hex }
]]

---@class charges.params
---@field mandatory_advance? boolean a charger must advance into a vacated defender's hex (default true)

---@type charges.params
local p = params
local mandatory = p.mandatory_advance ~= false

-- Changing sides: a flip action the kernel offers before the first unit of
-- the side moves, to chargers not in an enemy zone of control (value 2).
game.on("game.setup", function()
  for _, t in ipairs(game.unit_types()) do
    if game.type_attr(t, "front", "charger") then game.set_capability(t, "both", "flips_at_movement_start", 2) end
  end
end)

local function path_allows_charge(path)
  for i = 2, #path do
    local from, to = game.hex_of_index(path[i - 1]), game.hex_of_index(path[i])
    if not game.charge_allowed(to) or game.hexside(from, to) ~= nil then return false end
  end
  return true
end

game.on("move.end", function(ctx)
  local u = ctx.unit
  if not game.is_back(u) or game.mark(u, "disengaged") ~= 0 then return end
  if #game.adjacent_enemies(u) == 0 or not path_allows_charge(ctx.path) then return end
  local id = game.id(u)
  game.choose(game.side(u), id .. " ends its move next to the enemy", { "charge", "do not charge" }, function(answer)
    if answer == 1 then
      game.flip(u, false)
      game.set_mark(u, "charging", 1)
      game.log(id .. " charges")
    end
  end)
end, { unit_has = "charger" })

game.on("combat.result", function(ctx)
  if not mandatory then return end
  for _, a in ipairs(game.combat().attackers) do
    if game.mark(a, "charging") ~= 0 then
      ctx.advance_required = true
      ctx.advance_mark = "charging"
    end
  end
end)

game.on("phase.end", function()
  for _, u in ipairs(game.marked("charging")) do
    game.set_mark(u, "charging", 0)
    game.flip(u, true)
  end
end, { phase = "combat" })
