-- F&M 8.3: a retreat costs no step. The kernel's defaults (BMW, PRESTAGS)
-- turn a unit that retreats to its back face (disordered), and disorder the
-- friends it retreats through; in F&M the back face is the reduced side,
-- reached only by a step loss (Ex, (A), stiff resistance, a retreat cut
-- short), and retreating through friends harms nobody.
game.on("game.setup", function()
  for _, t in ipairs(game.unit_types()) do
    game.set_capability(t, "both", "disordered_by_retreat", 0)
    game.set_capability(t, "both", "disorders_retreated_through", 0)
  end
end)
