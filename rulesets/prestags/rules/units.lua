-- PRESTAGS unit rules the kernel needs to know about.
-- Zones of control: only undisrupted fire units have one, their rigid
-- Defensive Fire Zone (6.41, 6.44): an enemy moving next to one must stop.
-- A unit that starts its move next to an enemy fire unit may leave, and
-- stops again in the next such zone it enters ("free"). Otherwise units may
-- not enter enemy hexes (5.23) but move freely past the enemy. Leaders
-- (Class E) do not count for stacking (5.42), defend with the units they are
-- stacked with and never suffer from fire (10.31).
-- Victory points (11.2): eliminating a unit scores half its melee strength,
-- rounded up (a dot counting as 1, 13.0), plus its fire strength, from its
-- printed (front) values (capability "victory_points"; panic reads it too).

-- 11.2, 13.0: a unit's worth in victory points.
local function worth(t)
  local melee = game.type_attr(t, "front", "melee")
  if game.type_attr(t, "front", "dot") then melee = 1 end
  return (melee + 1) // 2 + game.type_attr(t, "front", "fire")
end

game.on("game.setup", function()
  for _, t in ipairs(game.unit_types()) do
    game.set_capability(t, "both", "victory_points", worth(t))
    game.set_capability(t, "both", "exerts_zoc", 0)
    if game.type_attr(t, "front", "fire") > 0 then game.set_capability(t, "front", "exerts_zoc", 1) end
    if game.type_attr(t, "front", "unit_class") == "E" then
      game.set_capability(t, "both", "stacks_freely", 1)
      game.set_capability(t, "both", "can_be_fired_at", 0)
    end
  end
end)

game.on("move.exit_zoc", function(ctx)
  ctx.allowed = 1
  ctx.mode = "free"
end)
