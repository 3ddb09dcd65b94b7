-- PRESTAGS optional rule 16.0, Facing. Off in the ruleset; a scenario turns it
-- on with rules: { facing: { enabled: true } } and may give units a `facing:`
-- (a direction 0-5, as game.neighbour counts them). Every unit type then has
-- the capability `faces`, and the kernel keeps to 16.1 and 16.3: a unit moves
-- only into its three front hexes, turning to face each hex it enters, and
-- turning in place costs one movement point; it attacks, and fires, only
-- through its front; its defensive fire zone covers only its front (16.32).
-- The melee_strength module halves a defender attacked through its flank
-- (16.21, 16.25) and drops the flank attack of 7.5 (16.24). A unit set up,
-- or arriving, without a facing faces the nearest enemy.

local function toward_nearest_enemy(u)
  local hex, side = game.hex(u), game.side(u)
  local target, best = nil, math.huge
  for s = 0, game.side_count() - 1 do
    if s ~= side then
      for _, e in ipairs(game.units_of(s)) do
        local d = game.distance(hex, game.hex(e))
        if d < best then target, best = game.hex(e), d end
      end
    end
  end
  if target == nil then return 0 end
  local choice, nearest = 0, math.huge
  for d = 0, 5 do
    local n = game.neighbour(hex, d)
    if n ~= nil and game.distance(n, target) < nearest then choice, nearest = d, game.distance(n, target) end
  end
  return choice
end

game.on("game.setup", function()
  for _, t in ipairs(game.unit_types()) do game.set_capability(t, "both", "faces", 1) end
  for side = 0, game.side_count() - 1 do
    for _, u in ipairs(game.units_of(side)) do
      if game.facing(u) == nil then game.set_facing(u, toward_nearest_enemy(u)) end
    end
  end
end)

game.on("unit.arrived", function(ctx)
  if game.facing(ctx.unit) == nil then game.set_facing(ctx.unit, toward_nearest_enemy(ctx.unit)) end
end)
