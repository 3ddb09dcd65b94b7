-- BMW 9.5 Dismounted cavalry: infantry on the front, weaker cavalry on the
-- back. The owner may flip them at the start of his movement phase; when
-- disordered or forced to retreat they end on the cavalry (back) side.

game.on("phase.begin", function(ctx)
  for _, u in ipairs(game.units_with(ctx.side, "dismountable")) do
    local to = game.is_back(u) and "dismount (infantry side)" or "mount (cavalry side)"
    game.choose(ctx.side, game.id(u) .. " at the start of movement", { "stay as is", to }, function(answer)
      if answer == 2 then game.flip(u, not game.is_back(u)) end
    end)
  end
end, { phase = "movement" })

game.on("unit.retreated", function(ctx)
  game.flip(ctx.unit, true)
end, { unit_has = "dismountable" })
