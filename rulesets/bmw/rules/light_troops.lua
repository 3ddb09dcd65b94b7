-- BMW 8.0 Light troops: units with a dot exert no zone of control (8.1).
-- A solid or open dot may leave the zone of control of enemies whose movement
-- allowance is not greater than its own (8.2); a solid dot may not move
-- straight into another enemy zone, an open dot into none this phase. A solid
-- dot that is attacked (not by charging cavalry) may retreat up to three hexes
-- before combat (8.3); the attacker may then advance one hex.

local function dot(u) return game.attr(u, "dot") end

game.on("game.setup", function()
  for _, t in ipairs(game.unit_types()) do
    if game.type_attr(t, "front", "dot") ~= "none" then game.set_capability(t, "front", "exerts_zoc", 0) end
    if game.has_back(t) and game.type_attr(t, "back", "dot") ~= "none" then game.set_capability(t, "back", "exerts_zoc", 0) end
  end
end)

-- 8.21: only the enemies whose zone of control holds the unit count
-- (leaders and light troops exert none).
local function outpaces_enemies(u)
  local mine = game.movement(u)
  for _, e in ipairs(game.adjacent_enemies(u)) do
    if game.capability(e, "exerts_zoc") ~= 0 and game.movement(e) > mine then return false end
  end
  return true
end

game.on("phase.begin", function()
  for _, u in ipairs(game.marked("disengaged")) do game.set_mark(u, "disengaged", 0) end
end, { phase = "movement" })

game.on("move.exit_zoc", function(ctx)
  local d = dot(ctx.unit)
  if not outpaces_enemies(ctx.unit) then return end
  ctx.allowed = true
  ctx.mode = d
  game.set_mark(ctx.unit, "disengaged", 1)
end, { unit_has = "dot" })

local function charged(attackers)
  for _, a in ipairs(attackers) do
    if game.mark(a, "charging") ~= 0 then return true end
  end
  return false
end

local function add_unique(list, seen, items)
  for _, hex in ipairs(items) do
    if not seen[hex] then
      seen[hex] = true
      list[#list + 1] = hex
    end
  end
end

-- 8.3: the standard for disengagement measured against the attackers.
local function outpaces_all(u, attackers)
  local mine = game.movement(u)
  for _, a in ipairs(attackers) do
    if game.movement(a) > mine then return false end
  end
  return true
end

game.on("combat.declared", function(ctx)
  if charged(ctx.attackers) then return end
  for _, d in ipairs(ctx.defenders) do
    if dot(d) == "solid" and outpaces_all(d, ctx.attackers) then
      local options, seen = {}, {}
      for distance = 1, 3 do add_unique(options, seen, game.retreat_destinations(d, distance)) end
      if #options > 0 then
        local labels = { "stand and fight" }
        for i, hex in ipairs(options) do labels[i + 1] = "retreat before combat to " .. hex end
        game.choose(game.side(d), game.id(d) .. " is attacked", labels, function(answer)
          if answer == 1 then return end
          -- Another defender may have retreated there meanwhile: check again.
          local hex = options[answer - 1]
          for distance = 1, 3 do
            for _, free in ipairs(game.retreat_destinations(d, distance)) do
              if free == hex then
                game.move(d, hex)
                return
              end
            end
          end
          game.log(game.id(d) .. " cannot retreat to " .. hex .. " any more and stands")
        end)
      end
    end
  end
end)
