-- Cady, medieval archery: the second rank of archers (slingers, …) shoots
-- over the heads of the first at one step lower, at the same target; and
-- archery at a unit that has moved this turn drops a step.
game.on("fire.steps", function(e)
  if e.rank == 2 then e.step = e.step - 1 end
  if game.moved_thirds(e.target) > 0 then e.step = e.step - 1 end
end)
