-- PRESTAGS unit rules the kernel needs to know about.
-- There are no zones of control in PRESTAGS: units may not enter enemy hexes
-- (5.23) but otherwise move freely past the enemy. Leaders (Class E) do not
-- count for stacking (5.42), defend with the units they are stacked with and
-- never suffer from fire (10.31).

game.on("game.setup", function()
  for _, t in ipairs(game.unit_types()) do
    game.set_capability(t, "both", "exerts_zoc", 0)
    if game.type_attr(t, "front", "unit_class") == "E" then
      game.set_capability(t, "both", "stacks_freely", 1)
      game.set_capability(t, "both", "can_be_fired_at", 0)
    end
  end
end)
