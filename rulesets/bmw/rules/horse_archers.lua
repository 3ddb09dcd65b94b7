-- BMW 9.4 Horse archers: they reorganize without a roll, and when they attack
-- while not disordered they may retreat before combat instead, which is
-- treated as an AR, so they are never lost making a low-odds attack.

local function horse_archer(u) return game.attr(u, "horse_archer") end

game.on("game.setup", function()
  for _, t in ipairs(game.unit_types()) do
    if game.type_attr(t, "front", "horse_archer") then game.set_capability(t, "both", "auto_reorganize", 1) end
  end
end)

game.on("combat.declared", function(ctx)
  for _, a in ipairs(ctx.attackers) do
    if not horse_archer(a) or game.is_back(a) then return end
  end
  game.choose(game.side(ctx.attackers[1]), "Horse archers attack",
    { "fight it out", "retreat before combat (counts as AR)" }, function(answer)
      if answer == 2 then game.force_result("AR") end
    end)
end)
