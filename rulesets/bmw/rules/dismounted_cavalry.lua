-- BMW 9.5 Dismounted cavalry: infantry on the front, weaker cavalry on the
-- back. The owner may flip them at the start of his movement phase (a flip
-- action the kernel offers until his first unit moves); when disordered or
-- forced to retreat they end on the cavalry (back) side. The cavalry side is
-- a side taken, not disorder: reorganization never rolls for it or flips it
-- (11.1 flips "Disordered" units; 9.5 calls this side the weaker cavalry).

game.on("game.setup", function()
  for _, t in ipairs(game.unit_types()) do
    if game.type_attr(t, "front", "dismountable") then
      game.set_capability(t, "both", "flips_at_movement_start", 1)
      game.set_capability(t, "back", "reorganizes", 0)
    end
  end
end)

game.on("unit.retreated", function(ctx)
  game.flip(ctx.unit, true)
end, { unit_has = "dismountable" })
