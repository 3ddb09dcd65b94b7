-- Viking berserkers house rule: light troops attacked by berserkers are run
-- down and may not retreat before combat. The light_troops module offers the
-- retreat in its combat.declared handler; this wraps it and calls it (next)
-- only when no berserker is among the attackers.

game.wrap("light_troops", "combat.declared", function(next, ctx)
  for _, attacker in ipairs(ctx.attackers) do
    if game.mark(attacker, "berserk") ~= 0 then return end
  end
  next(ctx)
end)
