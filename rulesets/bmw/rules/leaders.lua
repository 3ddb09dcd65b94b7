-- BMW 10.0 Leaders.
-- Leaders stack freely (10.2), exert no zone of control of their own and are
-- never targets of archery (10.3, 10.4), enter an enemy zone of control only
-- where a friend stands and may always disengage (10.1). A lone leader that is
-- attacked, or whose hex an enemy enters, retreats at once or is lost (10.4).

local function is_leader(u) return game.attr(u, "leader") > 0 end

game.on("game.setup", function()
  for _, t in ipairs(game.unit_types()) do
    if game.type_attr(t, "front", "leader") > 0 then
      game.set_capability(t, "both", "stacks_freely", 1)
      game.set_capability(t, "both", "exerts_zoc", 0)
      game.set_capability(t, "both", "can_be_fired_at", 0)
      game.set_capability(t, "both", "enter_ezoc_needs_friend", 1)
      game.set_capability(t, "both", "blocks_enemy_entry", 0)
      game.set_capability(t, "both", "disordered_by_retreat", 0)
    end
  end
end)

game.on("move.exit_zoc", function(ctx)
  ctx.allowed = true
  ctx.mode = "solid"
end, { unit_has = "leader" })

-- Offers the leader's owner every hex it may retreat to; none: it is lost.
local function displace(leader)
  local info = game.unit(leader)
  local options = game.retreat_destinations(leader, 1)
  if #options == 0 then
    game.log(info.id .. " has nowhere to go and is lost")
    game.eliminate(leader)
    return
  end
  local labels = {}
  for i, hex in ipairs(options) do labels[i] = "retreat to " .. hex end
  game.choose(info.side, info.id .. " must retreat before the enemy", labels, function(answer)
    game.move(leader, options[answer])
  end)
end

local function lone_leaders_at(hex, side)
  local leaders, others = {}, 0
  for _, u in ipairs(game.units_at(hex)) do
    if game.side(u) == side then
      if is_leader(u) then leaders[#leaders + 1] = u else others = others + 1 end
    end
  end
  if others > 0 then return {} end
  return leaders
end

-- A lone leader among the defenders retreats before combat (10.4); it never
-- fights or counts as a loss. The combat goes on with whoever stays.
game.on("combat.declared", function(ctx)
  for _, d in ipairs(ctx.defenders) do
    if is_leader(d) and #lone_leaders_at(game.hex(d), game.side(d)) > 0 then displace(d) end
  end
end)

-- An enemy arrived in a hex held only by leaders (by moving, retreating or
-- advancing): they retreat at once or are lost.
game.on("move.shared_hex", function(ctx)
  local hex = game.hex(ctx.unit)
  local sides_done = {}
  for _, other in ipairs(ctx.others) do
    local side = game.side(other)
    if not sides_done[side] then
      sides_done[side] = true
      for _, l in ipairs(lone_leaders_at(hex, side)) do displace(l) end
    end
  end
end)
